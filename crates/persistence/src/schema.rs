// One portable schema for both databases. Both migration trees (migrations/sqlite, migrations/postgres)
// must produce exactly these tables and columns; `tests/all/schema_parity.rs` checks it.

diesel::table! {
    projects (id) {
        id -> BigInt,
        slug -> Text,
        name -> Text,
        description -> Text,
        kind -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sub_projects (id) {
        id -> BigInt,
        project_id -> BigInt,
        slug -> Text,
        name -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    olympiads (id) {
        id -> BigInt,
        project_id -> BigInt,
        sub_project_id -> Nullable<BigInt>,
        name -> Text,
        title -> Text,
        year -> Integer,
        is_open -> Bool,
        is_pinned -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        kind -> Text,
        duration_minutes -> Integer,
        /// JSON list of grades, e.g. [8, 9, 10, 11, 12].
        grades -> Text,
        /// JSON list of language codes, e.g. ["en", "af"].
        languages -> Text,
        /// JSON object per language.
        instructions -> Text,
        /// JSON object per language.
        declaration -> Text,
        shuffle_questions -> Bool,
        shuffle_options -> Bool,
    }
}

diesel::table! {
    sitting_windows (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        starts_at -> Timestamp,
        ends_at -> Timestamp,
    }
}

diesel::table! {
    uploads (id) {
        id -> BigInt,
        sha256 -> Text,
        size_bytes -> BigInt,
        content_type -> Text,
        filename -> Text,
        uploaded_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    attachments (id) {
        id -> BigInt,
        upload_id -> BigInt,
        olympiad_id -> Nullable<BigInt>,
        filename -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    question_modules (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        position -> Integer,
        /// JSON object per language.
        title -> Text,
        /// JSON object per language.
        instructions -> Text,
        time_limit_minutes -> Nullable<Integer>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    questions (id) {
        id -> BigInt,
        module_id -> BigInt,
        position -> Integer,
        kind -> Text,
        /// JSON: `olympiad_domain::paper::QuestionContent`.
        content -> Text,
        marks -> Integer,
        difficulty -> Integer,
        attachment_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    users (id) {
        id -> BigInt,
        username -> Text,
        email -> Nullable<Text>,
        password_hash -> Text,
        first_name -> Text,
        last_name -> Text,
        totp_secret -> Nullable<Text>,
        totp_confirmed -> Bool,
        session_version -> Integer,
        disabled -> Bool,
        last_login_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        totp_last_step -> Nullable<BigInt>,
    }
}

diesel::table! {
    accounts (id) {
        id -> BigInt,
        user_id -> BigInt,
        role -> Text,
        olympiad_id -> Nullable<BigInt>,
        disabled -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    activity_logs (id) {
        id -> BigInt,
        user_id -> Nullable<BigInt>,
        email -> Nullable<Text>,
        olympiad_id -> Nullable<BigInt>,
        action -> Text,
        details -> Text,
        address -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    app_logs (id) {
        id -> BigInt,
        key -> Text,
        level -> Text,
        message -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    jobs (id) {
        id -> BigInt,
        kind -> Text,
        payload -> Text,
        status -> Text,
        attempts -> Integer,
        run_at -> Timestamp,
        locked_by -> Nullable<Text>,
        locked_at -> Nullable<Timestamp>,
        last_error -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        olympiad_id -> Nullable<BigInt>,
        mass_mail_id -> Nullable<BigInt>,
        recipient -> Nullable<Text>,
    }
}

diesel::table! {
    password_resets (id) {
        id -> BigInt,
        user_id -> BigInt,
        token_hash -> Text,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    schools (id) {
        id -> BigInt,
        name -> Text,
        emis_number -> Nullable<Text>,
        province -> Text,
        district -> Text,
        town -> Text,
        street_address -> Text,
        postal_address -> Text,
        phone -> Text,
        email -> Text,
        sector -> Text,
        quintile -> Nullable<Integer>,
        language_of_teaching -> Text,
        country_code -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    school_participants (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        school_id -> BigInt,
        status -> Text,
        contact_teacher_id -> Nullable<BigInt>,
        entered_at -> Timestamp,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    teachers (id) {
        id -> BigInt,
        user_id -> BigInt,
        school_id -> Nullable<BigInt>,
        title -> Text,
        cell -> Text,
        subject -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    team_members (id) {
        id -> BigInt,
        school_participant_id -> BigInt,
        teacher_id -> BigInt,
        is_team_admin -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    learners (id) {
        id -> BigInt,
        school_id -> BigInt,
        first_name -> Text,
        last_name -> Text,
        grade -> Integer,
        gender -> Text,
        home_language -> Text,
        class_name -> Text,
        email -> Nullable<Text>,
        consent_given -> Bool,
        consent_by -> Text,
        consent_relationship -> Text,
        consent_recorded_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    participants (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        learner_id -> BigInt,
        school_participant_id -> Nullable<BigInt>,
        user_id -> BigInt,
        status -> Text,
        language -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    igeo_countries (id) {
        id -> BigInt,
        name -> Text,
        iso_code -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    country_participants (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        country_id -> BigInt,
        status -> Text,
        team_leader_name -> Text,
        team_leader_email -> Text,
        team_leader_phone -> Text,
        team_members -> Text,
        invoice_name -> Text,
        invoice_email -> Text,
        invoice_address -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    useful_contacts (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        name -> Text,
        organisation -> Text,
        role -> Text,
        email -> Text,
        phone -> Text,
        notes -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    expressions_of_interest (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        kind -> Text,
        title -> Text,
        first_name -> Text,
        last_name -> Text,
        email -> Text,
        phone -> Text,
        school_name -> Text,
        emis_number -> Text,
        province -> Text,
        town -> Text,
        subject -> Text,
        organisation -> Text,
        relationship -> Text,
        message -> Text,
        verify_token -> Text,
        email_verified -> Bool,
        verified_at -> Nullable<Timestamp>,
        status -> Text,
        decline_reason -> Text,
        handled_by -> Nullable<BigInt>,
        handled_at -> Nullable<Timestamp>,
        school_participant_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    attempts (id) {
        id -> BigInt,
        participant_id -> BigInt,
        olympiad_id -> BigInt,
        school_participant_id -> Nullable<BigInt>,
        status -> Text,
        superseded -> Bool,
        declaration_accepted_at -> Timestamp,
        recovery_code_hash -> Nullable<Text>,
        device_key_hash -> Text,
        paper_order -> Text,
        started_at -> Nullable<Timestamp>,
        allowed_seconds -> Integer,
        extra_seconds -> Integer,
        window_ends_at -> Nullable<Timestamp>,
        paused_seconds -> Integer,
        paused_at -> Nullable<Timestamp>,
        ends_at -> Nullable<Timestamp>,
        finished_at -> Nullable<Timestamp>,
        finish_reason -> Nullable<Text>,
        last_seen_at -> Nullable<Timestamp>,
        last_position -> Text,
        online -> Bool,
        score -> Nullable<BigInt>,
        module_scores -> Text,
        marked_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        /// JSON: `olympiad_domain::module_time::ModuleClocks` (module time limits).
        module_clocks -> Text,
    }
}

diesel::table! {
    answers (attempt_id, question_id) {
        attempt_id -> BigInt,
        question_id -> BigInt,
        answer -> Text,
        flagged -> Bool,
        seq -> BigInt,
        marks -> Nullable<Integer>,
        saved_at -> Timestamp,
    }
}

diesel::table! {
    sitting_pauses (id) {
        id -> BigInt,
        school_participant_id -> BigInt,
        reason -> Text,
        paused_by -> Nullable<BigInt>,
        started_at -> Timestamp,
        resumed_by -> Nullable<BigInt>,
        ended_at -> Nullable<Timestamp>,
    }
}

// Results and certificates
diesel::table! {
    olympiad_results (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        state -> Text,
        version -> Integer,
        bands -> Text,
        snapshot -> Text,
        finalised_at -> Nullable<Timestamp>,
        updated_at -> Timestamp,
        computed_generation -> BigInt,
        computed_at -> Nullable<Timestamp>,
        computed_counts -> Text,
        computed_schools -> Text,
        computed_questions -> Text,
    }
}

diesel::table! {
    result_changes (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        attempt_id -> Nullable<BigInt>,
        kind -> Text,
        marks -> Nullable<BigInt>,
        marks_before -> Nullable<BigInt>,
        reason -> Text,
        made_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    certificate_configs (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        config -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    certificate_runs (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        results_version -> Integer,
        status -> Text,
        sending -> Bool,
        paused -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    certificate_batches (id) {
        id -> BigInt,
        run_id -> BigInt,
        school_participant_id -> BigInt,
        status -> Text,
        certificates -> Integer,
        file_path -> Text,
        bytes -> BigInt,
        made_at -> Nullable<Timestamp>,
        sent_at -> Nullable<Timestamp>,
        error -> Text,
    }
}

// E-mail
diesel::table! {
    email_copies (id) {
        id -> BigInt,
        olympiad_id -> Nullable<BigInt>,
        kind -> Text,
        subject -> Text,
        html -> Text,
        text -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    campaigns (id) {
        id -> BigInt,
        name -> Text,
        notes -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    mass_mails (id) {
        id -> BigInt,
        olympiad_id -> Nullable<BigInt>,
        campaign_id -> Nullable<BigInt>,
        title -> Text,
        audience -> Text,
        subject -> Text,
        html -> Text,
        text -> Text,
        status -> Text,
        recipients -> Integer,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    email_logs (id) {
        id -> BigInt,
        job_id -> Nullable<BigInt>,
        olympiad_id -> Nullable<BigInt>,
        mass_mail_id -> Nullable<BigInt>,
        kind -> Text,
        recipient -> Text,
        subject -> Text,
        status -> Text,
        detail -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    unsubscribe_links (id) {
        id -> BigInt,
        reference -> Text,
        email -> Text,
        olympiad_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    unsubscribes (id) {
        id -> BigInt,
        email -> Text,
        olympiad_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    bounces (id) {
        id -> BigInt,
        email -> Text,
        kind -> Text,
        source -> Text,
        detail -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    shunned_emails (id) {
        id -> BigInt,
        email -> Text,
        reason -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    email_health (id) {
        id -> BigInt,
        email -> Text,
        syntax_ok -> Bool,
        mail_servers -> Text,
        overridden -> Bool,
        checked_at -> Timestamp,
    }
}

diesel::joinable!(sub_projects -> projects (project_id));
diesel::joinable!(olympiads -> projects (project_id));
diesel::joinable!(accounts -> users (user_id));
diesel::joinable!(accounts -> olympiads (olympiad_id));
diesel::joinable!(password_resets -> users (user_id));
diesel::joinable!(sitting_windows -> olympiads (olympiad_id));
diesel::joinable!(attachments -> uploads (upload_id));
diesel::joinable!(attachments -> olympiads (olympiad_id));
diesel::joinable!(question_modules -> olympiads (olympiad_id));
diesel::joinable!(questions -> question_modules (module_id));
diesel::joinable!(questions -> attachments (attachment_id));
diesel::joinable!(school_participants -> olympiads (olympiad_id));
diesel::joinable!(school_participants -> schools (school_id));
diesel::joinable!(teachers -> users (user_id));
diesel::joinable!(teachers -> schools (school_id));
diesel::joinable!(team_members -> school_participants (school_participant_id));
diesel::joinable!(team_members -> teachers (teacher_id));
diesel::joinable!(learners -> schools (school_id));
diesel::joinable!(participants -> olympiads (olympiad_id));
diesel::joinable!(participants -> learners (learner_id));
diesel::joinable!(participants -> school_participants (school_participant_id));
diesel::joinable!(participants -> users (user_id));
diesel::joinable!(attempts -> participants (participant_id));
diesel::joinable!(attempts -> olympiads (olympiad_id));
diesel::joinable!(attempts -> school_participants (school_participant_id));
diesel::joinable!(answers -> attempts (attempt_id));
diesel::joinable!(answers -> questions (question_id));
diesel::joinable!(sitting_pauses -> school_participants (school_participant_id));
diesel::joinable!(country_participants -> olympiads (olympiad_id));
diesel::joinable!(country_participants -> igeo_countries (country_id));
diesel::joinable!(useful_contacts -> olympiads (olympiad_id));
diesel::joinable!(expressions_of_interest -> olympiads (olympiad_id));
diesel::joinable!(expressions_of_interest -> school_participants (school_participant_id));

// Results and certificates
diesel::joinable!(olympiad_results -> olympiads (olympiad_id));
diesel::joinable!(result_changes -> olympiads (olympiad_id));
diesel::joinable!(certificate_batches -> certificate_runs (run_id));
diesel::joinable!(certificate_batches -> school_participants (school_participant_id));

// Payments: fees, purchase orders, invoices and money received.
diesel::table! {
    olympiad_fees (olympiad_id) {
        olympiad_id -> BigInt,
        learner_fee_cents -> BigInt,
        vat_basis_points -> Integer,
        updated_at -> Timestamp,
        early_fee_cents -> Nullable<BigInt>,
        early_until -> Nullable<Timestamp>,
        late_fee_cents -> Nullable<BigInt>,
        late_from -> Nullable<Timestamp>,
    }
}

diesel::table! {
    purchase_orders (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        school_participant_id -> Nullable<BigInt>,
        country_participant_id -> Nullable<BigInt>,
        reference -> Text,
        pay_token -> Text,
        learners -> Integer,
        free_learners -> Integer,
        unit_cents -> BigInt,
        vat_basis_points -> Integer,
        subtotal_cents -> BigInt,
        vat_cents -> BigInt,
        total_cents -> BigInt,
        paid -> Bool,
        pre_approved -> Bool,
        schools_po -> Text,
        paid_at -> Nullable<Timestamp>,
        deleted_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        sponsored_cents -> BigInt,
        fee_lines -> Text,
        supplements_order_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    purchase_order_comments (id) {
        id -> BigInt,
        purchase_order_id -> BigInt,
        free_learners -> Integer,
        comment -> Text,
        user_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    invoice_counters (project_id) {
        project_id -> BigInt,
        last_number -> BigInt,
    }
}

diesel::table! {
    invoices (id) {
        id -> BigInt,
        purchase_order_id -> BigInt,
        project_id -> BigInt,
        number -> BigInt,
        credit_note -> Bool,
        credits_invoice_id -> Nullable<BigInt>,
        customer_name -> Text,
        customer_address -> Text,
        schools_po -> Text,
        reference -> Text,
        learners -> Integer,
        free_learners -> Integer,
        unit_cents -> BigInt,
        vat_basis_points -> Integer,
        subtotal_cents -> BigInt,
        vat_cents -> BigInt,
        total_cents -> BigInt,
        issued_at -> Timestamp,
        sponsored_cents -> BigInt,
        fee_lines -> Text,
    }
}

diesel::table! {
    payments (id) {
        id -> BigInt,
        purchase_order_id -> BigInt,
        method -> Text,
        amount_cents -> BigInt,
        external_id -> Text,
        recorded_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::joinable!(purchase_orders -> olympiads (olympiad_id));
diesel::joinable!(purchase_orders -> school_participants (school_participant_id));
diesel::joinable!(purchase_order_comments -> purchase_orders (purchase_order_id));
diesel::joinable!(invoices -> purchase_orders (purchase_order_id));
diesel::joinable!(payments -> purchase_orders (purchase_order_id));

diesel::allow_tables_to_appear_in_same_query!(
    projects,
    sub_projects,
    olympiads,
    users,
    accounts,
    activity_logs,
    app_logs,
    jobs,
    password_resets,
    sitting_windows,
    uploads,
    attachments,
    question_modules,
    questions,
    schools,
    school_participants,
    teachers,
    team_members,
    learners,
    participants,
    attempts,
    answers,
    sitting_pauses,
    igeo_countries,
    country_participants,
    useful_contacts,
    expressions_of_interest,
    // Payments
    olympiad_fees,
    purchase_orders,
    purchase_order_comments,
    invoice_counters,
    invoices,
    payments,
    // Results and certificates
    olympiad_results,
    result_changes,
    certificate_configs,
    certificate_runs,
    certificate_batches,
    // E-mail
    email_copies,
    campaigns,
    mass_mails,
    email_logs,
    unsubscribe_links,
    unsubscribes,
    bounces,
    shunned_emails,
    email_health,
);

// Public sites and content
diesel::table! {
    site_copies (id) {
        id -> BigInt,
        site -> Text,
        page_key -> Text,
        title -> Text,
        og_title -> Text,
        description -> Text,
        keywords -> Text,
        body -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    general_copies (id) {
        id -> BigInt,
        olympiad_id -> Nullable<BigInt>,
        copy_key -> Text,
        title -> Text,
        body -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    faqs (id) {
        id -> BigInt,
        site -> Text,
        question -> Text,
        answer -> Text,
        position -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    testimonials (id) {
        id -> BigInt,
        site -> Text,
        quote -> Text,
        author -> Text,
        affiliation -> Text,
        position -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    system_config (id) {
        id -> BigInt,
        maintenance_mode -> Bool,
        maintenance_message -> Text,
        updated_at -> Timestamp,
    }
}

diesel::joinable!(general_copies -> olympiads (olympiad_id));

// The overlord's area: notes with their history, and the consistency checks' runs and findings.
diesel::table! {
    note_revisions (id) {
        id -> BigInt,
        topic -> Text,
        body -> Text,
        author_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sanity_runs (id) {
        id -> BigInt,
        started_by -> Nullable<BigInt>,
        findings -> Integer,
        started_at -> Timestamp,
        finished_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sanity_findings (id) {
        id -> BigInt,
        run_id -> BigInt,
        check_name -> Text,
        olympiad_id -> Nullable<BigInt>,
        subject -> Text,
        detail -> Text,
    }
}

diesel::joinable!(note_revisions -> users (author_id));
diesel::joinable!(sanity_findings -> sanity_runs (run_id));
diesel::allow_tables_to_appear_in_same_query!(note_revisions, sanity_runs, sanity_findings);
diesel::allow_tables_to_appear_in_same_query!(note_revisions, users);

// Payments: proofs of payment
diesel::table! {
    payment_proofs (id) {
        id -> BigInt,
        purchase_order_id -> BigInt,
        sha256 -> Text,
        content_type -> Text,
        size_bytes -> BigInt,
        filename -> Text,
        uploaded_by -> Nullable<BigInt>,
        accepted_at -> Nullable<Timestamp>,
        accepted_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::joinable!(payment_proofs -> purchase_orders (purchase_order_id));
diesel::allow_tables_to_appear_in_same_query!(payment_proofs, purchase_orders);

// Payments: fee bands and sponsored entries
diesel::table! {
    olympiad_fee_bands (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        grade_from -> Integer,
        grade_to -> Integer,
        fee_cents -> BigInt,
    }
}

diesel::table! {
    sponsored_entries (school_participant_id) {
        school_participant_id -> BigInt,
        basis_points -> Integer,
        sponsored_by -> Nullable<BigInt>,
        updated_at -> Timestamp,
    }
}

// Nodes, metrics and privacy
diesel::table! {
    /// Sign-in and reset attempts counted across API nodes (PostgreSQL only; see `SigninLimit`).
    signin_limits (key) {
        key -> Text,
        tat_ms -> BigInt,
    }
}

// E-mail, continued: the files a mass mail carries.
diesel::table! {
    mass_mail_attachments (id) {
        id -> BigInt,
        mass_mail_id -> BigInt,
        upload_id -> BigInt,
        filename -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(mass_mail_attachments -> mass_mails (mass_mail_id));
diesel::joinable!(mass_mail_attachments -> uploads (upload_id));
diesel::allow_tables_to_appear_in_same_query!(mass_mail_attachments, mass_mails);
diesel::allow_tables_to_appear_in_same_query!(mass_mail_attachments, uploads);

// Results: answers written on paper, and appeals
diesel::table! {
    paper_sheets (attempt_id) {
        attempt_id -> BigInt,
        olympiad_id -> BigInt,
        imported_by -> Nullable<BigInt>,
        imported_at -> Timestamp,
    }
}

diesel::table! {
    result_appeals (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        attempt_id -> BigInt,
        school_participant_id -> BigInt,
        question -> Integer,
        reason -> Text,
        state -> Text,
        outcome -> Text,
        marks -> Nullable<BigInt>,
        lodged_by -> Nullable<BigInt>,
        decided_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        decided_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(paper_sheets -> attempts (attempt_id));
diesel::joinable!(result_appeals -> attempts (attempt_id));
diesel::allow_tables_to_appear_in_same_query!(paper_sheets, result_appeals);
diesel::allow_tables_to_appear_in_same_query!(paper_sheets, attempts);
diesel::allow_tables_to_appear_in_same_query!(result_appeals, attempts);
diesel::allow_tables_to_appear_in_same_query!(paper_sheets, participants);
diesel::allow_tables_to_appear_in_same_query!(result_appeals, participants);
diesel::allow_tables_to_appear_in_same_query!(paper_sheets, learners);
diesel::allow_tables_to_appear_in_same_query!(result_appeals, learners);
diesel::allow_tables_to_appear_in_same_query!(paper_sheets, school_participants);
diesel::allow_tables_to_appear_in_same_query!(result_appeals, school_participants);
diesel::allow_tables_to_appear_in_same_query!(paper_sheets, schools);
diesel::allow_tables_to_appear_in_same_query!(result_appeals, schools);
diesel::allow_tables_to_appear_in_same_query!(paper_sheets, users);
diesel::allow_tables_to_appear_in_same_query!(result_appeals, users);

// The lobby: staggered start windows and the keys of the paper sent ahead
diesel::table! {
    start_windows (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        starts_at -> Timestamp,
        ends_at -> Timestamp,
        created_at -> Timestamp,
    }
}

diesel::table! {
    start_window_schools (start_window_id, school_id) {
        start_window_id -> BigInt,
        school_id -> BigInt,
    }
}

diesel::table! {
    lobby_keys (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        opens_at -> Timestamp,
        paper_key -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(start_windows -> olympiads (olympiad_id));
diesel::joinable!(start_window_schools -> start_windows (start_window_id));
diesel::joinable!(start_window_schools -> schools (school_id));
diesel::joinable!(lobby_keys -> olympiads (olympiad_id));
diesel::allow_tables_to_appear_in_same_query!(start_windows, start_window_schools);
diesel::allow_tables_to_appear_in_same_query!(start_window_schools, school_participants);
diesel::allow_tables_to_appear_in_same_query!(start_windows, school_participants);
diesel::allow_tables_to_appear_in_same_query!(start_window_schools, schools);

// Privacy (POPIA): erasures on request, and how long logs and unfinished accounts are kept
diesel::table! {
    privacy_erasures (id) {
        id -> BigInt,
        /// `learner` or `user`.
        subject -> Text,
        subject_id -> BigInt,
        /// `anonymised` or `deleted`.
        outcome -> Text,
        reason -> Text,
        erased_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    retention_settings (id) {
        id -> BigInt,
        app_log_days -> Nullable<Integer>,
        activity_log_days -> Nullable<Integer>,
        email_log_days -> Nullable<Integer>,
        signin_days -> Nullable<Integer>,
        unfinished_account_days -> Nullable<Integer>,
        last_swept_at -> Nullable<Timestamp>,
        updated_at -> Timestamp,
    }
}

// Results: computed once per generation of what they are made from
diesel::table! {
    result_generations (olympiad_id, shard) {
        olympiad_id -> BigInt,
        shard -> Integer,
        generation -> BigInt,
    }
}

diesel::table! {
    result_moves (id) {
        id -> BigInt,
        olympiad_id -> BigInt,
        attempt_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    result_rows (results_id, attempt_id) {
        results_id -> BigInt,
        attempt_id -> BigInt,
        participant_id -> BigInt,
        first_name -> Text,
        last_name -> Text,
        grade -> Integer,
        school_participant_id -> BigInt,
        school_name -> Text,
        province -> Text,
        province_key -> Text,
        search_text -> Text,
        score -> BigInt,
        marked_score -> BigInt,
        adjusted -> Bool,
        disqualified -> Bool,
        rank_key -> BigInt,
        best_in_school -> Bool,
        on_paper -> Bool,
    }
}

diesel::joinable!(result_rows -> olympiad_results (results_id));
diesel::allow_tables_to_appear_in_same_query!(result_rows, olympiad_results);
