//! The API's modules lean one way: no module reaches, through `use crate::…`, a module that
//! reaches back to it. The routes and the sitting are one module each (their files share helpers);
//! each file under `auth/` is its own. A cycle fails with the modules that form it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The module a source file belongs to, by its path under `src/`.
fn module_of(relative: &str) -> String {
    let path = relative.trim_end_matches(".rs").trim_end_matches("/mod");
    match path.split('/').next().unwrap() {
        top @ ("routes" | "sitting") => top.to_owned(),
        _ => path.replace('/', "::"),
    }
}

/// The module a `crate::a::b` path names.
fn target_of(src: &Path, first: &str, second: &str) -> String {
    match first {
        "routes" | "sitting" => first.to_owned(),
        _ if src.join(first).join(format!("{second}.rs")).exists() => format!("{first}::{second}"),
        _ => first.to_owned(),
    }
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_two_modules_use_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = vec![];
    files(&src, &mut paths);
    let mut uses: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in paths {
        let relative = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let module = module_of(&relative);
        if module == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        // A file's tests may reach anywhere.
        let text = text.split("#[cfg(test)]").next().unwrap();
        let entry = uses.entry(module.clone()).or_default();
        for (at, _) in text.match_indices("crate::") {
            let rest = &text[at + "crate::".len()..];
            let mut names = rest.split("::").map(|part| {
                part.chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '_' || c.is_ascii_digit())
                    .collect::<String>()
            });
            let first = names.next().unwrap_or_default();
            let second = names.next().unwrap_or_default();
            let target = target_of(&src, &first, &second);
            if !first.is_empty() && target != module {
                entry.insert(target);
            }
        }
    }
    // A module reaches another if a path of uses leads there.
    let reaches = |from: &str, to: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_owned()];
        while let Some(module) = todo.pop() {
            for next in uses.get(&module).into_iter().flatten() {
                if next == to {
                    return true;
                }
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        false
    };
    let cycles: Vec<String> = uses
        .iter()
        .flat_map(|(module, targets)| targets.iter().map(move |t| (module, t)))
        .filter(|(module, target)| reaches(target, module))
        .map(|(module, target)| format!("{module} -> {target}"))
        .collect();
    assert!(cycles.is_empty(), "uses that come back round: {cycles:#?}");
    assert!(uses.len() > 20, "only {} modules were read", uses.len());
}
