//! Names the build for `zaochka --version`: sets `ZAOCHKA_BUILD` to
//! `commit 7389664, built 2026-12-05`. The commit is `git rev-parse --short HEAD`
//! when the source is a git checkout with git installed, `commit unknown`
//! otherwise (a release tarball); the date is `SOURCE_DATE_EPOCH`'s when set
//! (reproducible builds), else today's (UTC).
//!
//! The script reruns only when HEAD moves (`.git/HEAD`, the branch file it
//! names, `packed-refs`) or `SOURCE_DATE_EPOCH` changes, never for an edit of
//! the sources.

use std::path::PathBuf;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

fn main() {
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    for path in watched_git_files() {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    // Without any watched file cargo would rerun the script on every change of
    // the package: watch the script itself instead.
    println!("cargo:rerun-if-changed=build.rs");
    let commit = git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!(
        "cargo:rustc-env=ZAOCHKA_BUILD=commit {commit}, built {}",
        build_date()
    );
}

/// Output of a git command run in the package's folder, trimmed; `None`
/// when git is missing, fails or this is no checkout.
fn git(args: &[&str]) -> Option<String> {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}

/// `HEAD`, the file of the branch it names and `packed-refs`, as git locates
/// them (a worktree keeps HEAD apart from the shared refs); those that exist.
fn watched_git_files() -> Vec<PathBuf> {
    let mut names = vec!["HEAD".to_string(), "packed-refs".to_string()];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        names.push(branch);
    }
    names
        .iter()
        .filter_map(|n| git(&["rev-parse", "--path-format=absolute", "--git-path", n]))
        .map(PathBuf::from)
        .filter(|p| p.exists())
        .collect()
}

/// `YYYY-MM-DD` (UTC) of `SOURCE_DATE_EPOCH`, or of now.
fn build_date() -> String {
    let secs = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
        });
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date of a count of days since 1970-01-01
/// (H. Hinnant's `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}
