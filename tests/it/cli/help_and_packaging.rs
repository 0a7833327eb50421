//! zaochka as an administrator installs and reads it: every help screen fits
//! a hundred columns, each command's summary is one line beside its name and
//! its long help ends with an example the command line accepts; no help text
//! or document for users names a project file; `--version` names the commit
//! and the build date; the generated completions are valid shell, the
//! manual pages render without a warning, and the service unit passes
//! `systemd-analyze verify` with its hardening in place.

use std::path::{Path, PathBuf};
use std::process::Command;

use zaochka::cli::help;

/// Help lines and summaries fit this many columns.
const COLUMNS: usize = 100;

/// Names of project files that a user must never be sent to: the rules'
/// sources are cited by the rulebooks' own names.
const PROJECT_FILES: &[&str] = &[
    "seed 0",
    "seeds/",
    "RULES.md",
    "TOURNAMENTS.md",
    "DESIGN.md",
];

/// The documents written for users (players, directors, administrators),
/// which the package ships; docs/architecture.md, docs/performance.md,
/// docs/rules.md and docs/diagrams.md are for developers and cite the
/// project's sources on purpose.
const USER_DOCS: &[&str] = &[
    "README.md",
    "config.example.toml",
    "docs/admin.md",
    "docs/players.md",
    "docs/referee.md",
    "docs/tournaments.md",
    "docs/notation.md",
    "docs/security.md",
    "docs/mail-auth.md",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `zaochka ARGS` in an empty folder; returns (success, stdout, stderr).
fn zaochka(args: &[&str]) -> (bool, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_zaochka"))
        .args(args)
        .current_dir(dir.path())
        .env_remove("ZAOCHKA_CONFIG")
        .env_remove("ZAOCHKA_DB")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every command path of the tree (`[]` is `zaochka` itself, then
/// `["game"]`, `["game", "new"]`, ...), clap's own `help` left out.
fn command_paths() -> Vec<Vec<String>> {
    fn walk(cmd: &clap::Command, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        out.push(path.clone());
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            path.push(sub.get_name().to_string());
            walk(sub, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    walk(&help::command(), &mut Vec::new(), &mut out);
    out
}

/// A shell line of an example as argv: words split on spaces, `"..."` kept
/// whole, cut at a redirection or `&&`.
fn example_argv(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    assert!(!quoted, "unbalanced quotes in the example {line:?}");
    let end = words
        .iter()
        .position(|w| w == ">" || w == "&&")
        .unwrap_or(words.len());
    words.truncate(end);
    words
}

fn long_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.chars().count() > COLUMNS)
        .map(str::to_string)
        .collect()
}

fn project_files_in(text: &str) -> Vec<&'static str> {
    PROJECT_FILES
        .iter()
        .copied()
        .filter(|f| text.contains(f))
        .collect()
}

#[test]
fn every_help_screen_fits_a_hundred_columns_and_names_no_project_file() {
    let mut faults = Vec::new();
    for path in command_paths() {
        for flag in ["-h", "--help"] {
            let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
            args.push(flag);
            let (ok, out, err) = zaochka(&args);
            assert!(ok, "zaochka {} failed: {err}", args.join(" "));
            for line in long_lines(&out) {
                faults.push(format!(
                    "zaochka {}: {} columns: {line}",
                    args.join(" "),
                    line.chars().count()
                ));
            }
            for file in project_files_in(&out) {
                faults.push(format!("zaochka {} names {file:?}", args.join(" ")));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn every_command_summary_is_one_line_beside_its_name_with_details_in_its_long_help() {
    fn check(cmd: &clap::Command, path: &str, faults: &mut Vec<String>) {
        // The command list pads every name to the longest one, `help` included.
        let width = cmd
            .get_subcommands()
            .map(|s| s.get_name().len())
            .chain(std::iter::once("help".len()))
            .max()
            .unwrap_or(0);
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            let name = format!("{path}{}", sub.get_name());
            let about = sub.get_about().map(ToString::to_string).unwrap_or_default();
            if about.trim().is_empty() {
                faults.push(format!("{name}: no summary"));
            }
            if about.contains('\n') {
                faults.push(format!("{name}: the summary has several lines: {about:?}"));
            }
            let columns = 2 + width + 2 + about.chars().count();
            if columns > COLUMNS {
                faults.push(format!(
                    "{name}: the summary line takes {columns} columns: {about}"
                ));
            }
            if about.contains("zaochka ") {
                faults.push(format!("{name}: an example in the summary: {about}"));
            }
            check(sub, &format!("{name} "), faults);
        }
    }
    let mut faults = Vec::new();
    check(&help::command(), "", &mut faults);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn every_command_shows_an_example_that_the_command_line_accepts() {
    let paths: Vec<String> = command_paths().iter().map(|p| p.join(" ")).collect();
    let mut faults = Vec::new();
    for path in &paths {
        if !help::EXAMPLES.iter().any(|(p, _)| p == path) {
            faults.push(format!("zaochka {path}: no example"));
        }
    }
    for (path, lines) in help::EXAMPLES {
        if !paths.iter().any(|p| p == path) {
            faults.push(format!("an example for {path:?}, which is no command"));
            continue;
        }
        let mut args: Vec<&str> = path.split_whitespace().collect();
        args.push("--help");
        let (_, shown, _) = zaochka(&args);
        for line in *lines {
            if !shown.contains(&help::shown(line)) {
                faults.push(format!("zaochka {path} --help does not show {line:?}"));
            }
            let argv = example_argv(line);
            match help::command().try_get_matches_from(&argv) {
                Err(e) => faults.push(format!("{line:?} is refused: {e}")),
                Ok(matches) => {
                    let mut reached = Vec::new();
                    let mut m = &matches;
                    while let Some((name, sub)) = m.subcommand() {
                        reached.push(name);
                        m = sub;
                    }
                    // A group's example may run one of its subcommands.
                    let reached = reached.join(" ");
                    if !(reached == *path
                        || reached.starts_with(&format!("{path} "))
                        || path.is_empty())
                    {
                        faults.push(format!("{line:?} runs `{reached}`, not `{path}`"));
                    }
                }
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn no_document_for_users_names_a_project_file() {
    let mut faults = Vec::new();
    for doc in USER_DOCS {
        let text = std::fs::read_to_string(root().join(doc)).unwrap();
        for (n, line) in text.lines().enumerate() {
            for file in project_files_in(line) {
                faults.push(format!("{doc}:{}: names {file:?}: {line}", n + 1));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn the_version_names_the_release_the_commit_and_the_build_date() {
    let (ok, out, err) = zaochka(&["--version"]);
    assert!(ok, "{err}");
    let line = out.trim_end();
    let rest = line
        .strip_prefix(&format!("zaochka {} (commit ", env!("CARGO_PKG_VERSION")))
        .unwrap_or_else(|| panic!("no version and commit in {line:?}"));
    let (commit, date) = rest
        .strip_suffix(')')
        .and_then(|r| r.split_once(", built "))
        .unwrap_or_else(|| panic!("no build date in {line:?}"));
    let d: Vec<&str> = date.split('-').collect();
    assert!(
        d.len() == 3
            && [4, 2, 2].iter().zip(&d).all(|(n, p)| p.len() == *n)
            && d.iter().all(|p| p.chars().all(|c| c.is_ascii_digit())),
        "the build date is not YYYY-MM-DD: {line:?}"
    );
    // In a checkout with git, the commit is the one built.
    let head = Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .current_dir(root())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    match head {
        Some(head) => assert_eq!(commit, head, "--version names another commit: {line:?}"),
        None => assert!(
            commit == "unknown" || commit.chars().all(|c| c.is_ascii_hexdigit()),
            "{line:?}"
        ),
    }
}

/// Whether `program` can be run here.
fn has(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_generated_completion_scripts_are_valid_shell_and_complete_every_command() {
    let dir = tempfile::tempdir().unwrap();
    for (shell, checker) in [("bash", "bash"), ("zsh", "zsh"), ("fish", "fish")] {
        let (ok, script, err) = zaochka(&["completions", shell]);
        assert!(ok, "zaochka completions {shell}: {err}");
        for command in ["tournament", "referee", "serve", "completions", "manual"] {
            assert!(
                script.contains(command),
                "the {shell} completion lacks {command}"
            );
        }
        if !has(checker) {
            eprintln!("{checker} is not installed here: its completion script is not parsed");
            continue;
        }
        let file = dir.path().join(format!("zaochka.{shell}"));
        std::fs::write(&file, &script).unwrap();
        let out = Command::new(checker).arg("-n").arg(&file).output().unwrap();
        assert!(
            out.status.success(),
            "{checker} -n refuses the completion: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let (ok, _, err) = zaochka(&["completions", "tcsh"]);
    assert!(
        !ok && err.contains("tcsh"),
        "an unknown shell is accepted: {err}"
    );
}

/// Writes the manual pages into `dir` with `zaochka manual`; returns them.
fn manual_pages(dir: &Path) -> Vec<PathBuf> {
    let (ok, out, err) = zaochka(&["manual", dir.to_str().unwrap()]);
    assert!(ok, "zaochka manual: {err}");
    let mut pages: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    pages.sort();
    assert_eq!(
        out.trim(),
        format!("{} pages written to {}", pages.len(), dir.display())
    );
    pages
}

#[test]
fn the_manual_has_a_page_per_command_each_rendering_without_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let pages = manual_pages(dir.path());
    let names: Vec<String> = pages
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for path in command_paths() {
        let mut name = vec!["zaochka".to_string()];
        name.extend(path.iter().cloned());
        let page = format!("{}.1", name.join("-"));
        assert!(names.contains(&page), "no manual page {page}");
    }
    assert_eq!(names.len(), command_paths().len(), "pages: {names:?}");
    let play = std::fs::read_to_string(dir.path().join("zaochka-play.1")).unwrap();
    assert!(
        play.contains("zaochka play 42 cd4"),
        "the page of play lacks its example"
    );
    if !has("groff") {
        eprintln!("groff is not installed here: the pages are not rendered");
        return;
    }
    for page in &pages {
        let out = Command::new("groff")
            .args(["-k", "-man", "-Tutf8", "-ww", "-z"])
            .arg(page)
            .output()
            .unwrap();
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{} renders with warnings: {}",
            page.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_service_unit_is_hardened_and_passes_systemd_analyze_verify() {
    let unit = std::fs::read_to_string(root().join("packaging/debian/zaochka.service")).unwrap();
    for line in [
        "User=zaochka",
        "ExecStart=/usr/bin/zaochka serve",
        "Environment=ZAOCHKA_CONFIG=/etc/zaochka/config.toml",
        "Restart=on-failure",
        "UMask=0077",
        "ProtectSystem=strict",
        "ReadWritePaths=/var/lib/zaochka",
        "NoNewPrivileges=yes",
        "PrivateTmp=yes",
        "ProtectHome=yes",
        "CapabilityBoundingSet=",
        "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6",
    ] {
        assert!(unit.lines().any(|l| l == line), "the unit lacks {line}");
    }
    if !has("systemd-analyze") {
        eprintln!("systemd-analyze is not installed here: the unit is not verified");
        return;
    }
    // The unit as installed, but for the binary's path; its manual pages on MANPATH.
    let dir = tempfile::tempdir().unwrap();
    let man = dir.path().join("man");
    manual_pages(&man.join("man1"));
    let file = dir.path().join("zaochka.service");
    std::fs::write(
        &file,
        unit.replace("/usr/bin/zaochka", env!("CARGO_BIN_EXE_zaochka")),
    )
    .unwrap();
    let out = Command::new("systemd-analyze")
        .args(["verify"])
        .arg(&file)
        .env("MANPATH", &man)
        .output()
        .unwrap();
    let said =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.trim().is_empty(),
        "systemd-analyze verify: {said}"
    );
    // The exposure systemd scores (0 to 10; "OK" below 5): at most 2.
    let out = Command::new("systemd-analyze")
        .args(["security", "--offline=yes", "--threshold=20"])
        .arg(&file)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "systemd-analyze security scores the unit over 2.0: {}",
        said.lines().last().unwrap_or_default()
    );
}
