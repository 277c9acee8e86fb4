//! Builders of the rows a test stands on, written straight to the database so that a test states
//! only what matters to it and calls the API only for what it checks.

use super::Fixture;
use diesel::prelude::*;
use olympiad_domain::id::{
    LearnerId, OlympiadId, SchoolId, SchoolParticipantId, TeacherId, UserId,
};
use olympiad_domain::Role;
use olympiad_persistence::models::{Olympiad, Teacher};
use olympiad_persistence::schema::{
    learners, olympiads, participants, school_participants, schools, team_members,
};

impl Fixture {
    /// A token for staff of one role in one olympiad, as `{role}@example.org`.
    pub fn staff(&self, role: Role, olympiad: &str) -> String {
        let email = format!("{}@example.org", role.as_str());
        self.token_for(self.user(&email, role, Some(olympiad)))
    }

    /// Tokens for staff of several roles in one olympiad, in the order of the roles.
    pub fn staff_of<const N: usize>(&self, olympiad: &str, roles: [Role; N]) -> [String; N] {
        roles.map(|role| self.staff(role, olympiad))
    }

    pub fn admin(&self, olympiad: &str) -> String {
        self.staff(Role::Admin, olympiad)
    }

    pub fn overlord(&self) -> String {
        self.token_for(self.user("overlord@example.org", Role::Overlord, None))
    }

    /// A school in Limpopo, named and entered as the builder says.
    pub fn school(&self) -> SchoolBuilder<'_> {
        SchoolBuilder {
            fx: self,
            name: "Hoërskool Ons Dorp".into(),
            emis: None,
            province: "Limpopo".into(),
            olympiad: None,
        }
    }

    /// A teacher with a global teacher account, of no school and in no team until told.
    pub fn teacher(&self, email: &str) -> TeacherBuilder<'_> {
        TeacherBuilder {
            fx: self,
            email: email.into(),
            school: None,
            team: None,
            team_admin: true,
        }
    }

    /// A learner of grade 10 who may sign in, entered in a school's entry.
    pub fn learner(&self, username: &str) -> LearnerBuilder<'_> {
        LearnerBuilder {
            fx: self,
            username: username.into(),
            first_name: "Thabo".into(),
            last_name: "Mokoena".into(),
            grade: 10,
            class_name: String::new(),
        }
    }
}

pub struct SchoolBuilder<'a> {
    fx: &'a Fixture,
    name: String,
    emis: Option<String>,
    province: String,
    olympiad: Option<OlympiadId>,
}

pub struct School {
    pub id: i64,
    entry: Option<SchoolParticipantId>,
}

impl School {
    /// The school's entry in the olympiad it was entered in.
    pub fn entry(&self) -> SchoolParticipantId {
        self.entry.expect("a school built with entered_in")
    }
}

impl SchoolBuilder<'_> {
    pub fn named(mut self, name: &str) -> Self {
        self.name = name.into();
        self
    }

    pub fn emis(mut self, number: &str) -> Self {
        self.emis = Some(number.into());
        self
    }

    pub fn in_province(mut self, province: &str) -> Self {
        self.province = province.into();
        self
    }

    pub fn entered_in(mut self, olympiad: &Olympiad) -> Self {
        self.olympiad = Some(olympiad.id);
        self
    }

    pub fn build(self) -> School {
        let mut conn = self.fx.db.conn();
        let id: i64 = diesel::insert_into(schools::table)
            .values((
                schools::name.eq(&self.name),
                schools::province.eq(&self.province),
                schools::emis_number.eq(&self.emis),
            ))
            .returning(schools::id)
            .get_result(&mut conn)
            .unwrap();
        let entry = self.olympiad.map(|olympiad_id| {
            diesel::insert_into(school_participants::table)
                .values((
                    school_participants::olympiad_id.eq(olympiad_id),
                    school_participants::school_id.eq(id),
                ))
                .returning(school_participants::id)
                .get_result(&mut conn)
                .unwrap()
        });
        School { id, entry }
    }
}

pub struct TeacherBuilder<'a> {
    fx: &'a Fixture,
    email: String,
    school: Option<i64>,
    team: Option<SchoolParticipantId>,
    team_admin: bool,
}

pub struct BuiltTeacher {
    pub user_id: UserId,
    pub teacher_id: TeacherId,
    pub token: String,
}

impl TeacherBuilder<'_> {
    pub fn of_school(mut self, school_id: i64) -> Self {
        self.school = Some(school_id);
        self
    }

    /// In the team of a school's entry, as its team admin unless `not_team_admin`.
    pub fn in_team_of(mut self, school_participant_id: SchoolParticipantId) -> Self {
        self.team = Some(school_participant_id);
        self
    }

    pub fn not_team_admin(mut self) -> Self {
        self.team_admin = false;
        self
    }

    pub fn build(self) -> BuiltTeacher {
        let user_id = self.fx.user(&self.email, Role::Teacher, None);
        let mut conn = self.fx.db.conn();
        let teacher_id = Teacher::ensure(&mut conn, user_id, self.school.map(SchoolId::new))
            .unwrap()
            .id;
        if let Some(entry) = self.team {
            diesel::insert_into(team_members::table)
                .values((
                    team_members::school_participant_id.eq(entry),
                    team_members::teacher_id.eq(teacher_id),
                    team_members::is_team_admin.eq(self.team_admin),
                ))
                .execute(&mut conn)
                .unwrap();
        }
        BuiltTeacher {
            user_id,
            teacher_id,
            token: self.fx.token_for(user_id),
        }
    }
}

pub struct LearnerBuilder<'a> {
    fx: &'a Fixture,
    username: String,
    first_name: String,
    last_name: String,
    grade: i32,
    class_name: String,
}

pub struct BuiltLearner {
    pub user_id: UserId,
    pub learner_id: LearnerId,
    pub participant_id: i64,
    pub token: String,
}

impl LearnerBuilder<'_> {
    pub fn named(mut self, first: &str, last: &str) -> Self {
        self.first_name = first.into();
        self.last_name = last.into();
        self
    }

    pub fn grade(mut self, grade: i32) -> Self {
        self.grade = grade;
        self
    }

    pub fn in_class(mut self, class_name: &str) -> Self {
        self.class_name = class_name.into();
        self
    }

    /// Builds the learner as a participant of a school's entry, in the entry's olympiad.
    pub fn entered_with(self, school_participant_id: SchoolParticipantId) -> BuiltLearner {
        let mut conn = self.fx.db.conn();
        let (school_id, olympiad_id, olympiad): (i64, i64, String) = school_participants::table
            .inner_join(olympiads::table)
            .filter(school_participants::id.eq(school_participant_id))
            .select((
                school_participants::school_id,
                school_participants::olympiad_id,
                olympiads::name,
            ))
            .first(&mut conn)
            .unwrap();
        let learner_id: LearnerId = diesel::insert_into(learners::table)
            .values((
                learners::school_id.eq(school_id),
                learners::first_name.eq(&self.first_name),
                learners::last_name.eq(&self.last_name),
                learners::grade.eq(self.grade),
                learners::class_name.eq(&self.class_name),
            ))
            .returning(learners::id)
            .get_result(&mut conn)
            .unwrap();
        drop(conn);
        let user_id = self.fx.user(&self.username, Role::Learner, Some(&olympiad));
        let participant_id: i64 = diesel::insert_into(participants::table)
            .values((
                participants::olympiad_id.eq(olympiad_id),
                participants::learner_id.eq(learner_id),
                participants::school_participant_id.eq(school_participant_id),
                participants::user_id.eq(user_id),
            ))
            .returning(participants::id)
            .get_result(&mut self.fx.db.conn())
            .unwrap();
        BuiltLearner {
            user_id,
            learner_id,
            participant_id,
            token: self.fx.token_for(user_id),
        }
    }
}

impl Fixture {
    /// A school entered in the olympiad, with thandi@example.org, a teacher of the school, as its
    /// team admin.
    pub fn entered_school(&self, olympiad: &Olympiad) -> (School, BuiltTeacher) {
        let school = self.school().entered_in(olympiad).build();
        let teacher = self
            .teacher("thandi@example.org")
            .of_school(school.id)
            .in_team_of(school.entry())
            .build();
        (school, teacher)
    }
}
