//! The site writer (`tournament publish`, and the daemon's `site-dir`, which
//! writes through the same code) follows no link: a symbolic link planted at
//! the site's folder, at `games/`, at a page or at a page's temporary name
//! never leads a write, a read or a removal outside the site's folder. And the
//! published files are readable by a web server running as another user
//! (0644 files, 0755 folders, or `[tournaments] site-mode`) whatever the umask.
//!
//! Every `zaochka` run here has umask 077 (given to the child: the test
//! process, which every test shares, keeps its own).

use crate::common;

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};

use common::cli::Zaochka;
use common::field::{self, add_director, add_numbered};

const DIRECTOR: &str = "ref@example.org";
const NAME: &str = "Весна";

/// A started round robin of three with game #1 played two plies and resigned,
/// under umask 077.
fn tournament() -> Zaochka {
    let z = Zaochka::with_umask(0o077);
    let ok = |args: &[&str]| z.ok(args);
    add_director(&ok, DIRECTOR, None);
    let players = add_numbered(&ok, 3, |i| format!("p{i}@example.org"));
    field::new_tournament(&ok, DIRECTOR, NAME, "round-robin", &[], &players);
    let order: Vec<&str> = players.iter().map(String::as_str).collect();
    z.ok(&[
        "tournament",
        "draw",
        NAME,
        "--numbers",
        &order.join(","),
        "--as",
        DIRECTOR,
    ]);
    z.ok(&["tournament", "start", NAME, "--as", DIRECTOR]);
    z.ok(&["play", "1", "c3-d4", "--as", &players[1]]);
    z.ok(&["play", "1", "f6-g5", "--as", &players[2]]);
    z.ok(&["resign", "1", "--as", &players[2]]);
    z
}

/// `tournament publish` into `dir`: whether it succeeded, and what it said.
fn publish(z: &Zaochka, dir: &Path, extra: &[&str]) -> (bool, String) {
    let mut args = vec!["tournament", "publish", NAME, dir.to_str().unwrap()];
    args.extend_from_slice(extra);
    let r = z.run(&args);
    (r.ok, format!("{}{}", r.stdout, r.stderr))
}

/// A folder outside the site with files named like the site's own, and what
/// they hold, to check that nothing there changes.
struct Victim {
    dir: PathBuf,
    files: Vec<(PathBuf, String)>,
}

impl Victim {
    fn new(z: &Zaochka) -> Victim {
        let dir = z.dir.path().join("victim");
        fs::create_dir_all(dir.join("1")).unwrap();
        let mut files = Vec::new();
        for name in [
            "index.html",
            "style.css",
            "1.html",
            "1.pdn",
            "7.html",
            "1/2.html",
            "secret",
        ] {
            let path = dir.join(name);
            let text = format!("the neighbour's {name}, not the site's");
            fs::write(&path, &text).unwrap();
            fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
            files.push((path, text));
        }
        Victim { dir, files }
    }

    /// Every file is there, unchanged, and nothing was added.
    fn untouched(&self) {
        for (path, text) in &self.files {
            let now = fs::read_to_string(path)
                .unwrap_or_else(|e| panic!("{} is gone: {e}", path.display()));
            assert_eq!(&now, text, "{} was overwritten", path.display());
            let mode = fs::metadata(path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "{} changed mode", path.display());
        }
        let mut names = entries(&self.dir);
        names.extend(
            entries(&self.dir.join("1"))
                .into_iter()
                .map(|n| format!("1/{n}")),
        );
        names.sort();
        let mut expected: Vec<String> = self
            .files
            .iter()
            .map(|(p, _)| {
                p.strip_prefix(&self.dir)
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        expected.push("1".to_string());
        expected.sort();
        assert_eq!(
            names, expected,
            "nothing is added to or removed from the victim's folder"
        );
    }
}

fn entries(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect()
}

fn mode(path: &Path) -> u32 {
    fs::symlink_metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn a_link_at_the_games_folder_is_refused_and_nothing_outside_is_read_written_or_deleted() {
    let z = tournament();
    let site = z.dir.path().join("site");
    let (ok, said) = publish(&z, &site, &[]);
    assert!(ok, "{said}");
    let victim = Victim::new(&z);
    fs::rename(site.join("games"), z.dir.path().join("old-games")).unwrap();
    symlink(&victim.dir, site.join("games")).unwrap();

    let (ok, said) = publish(&z, &site, &[]);
    assert!(
        !ok,
        "publishing through a link at games/ is refused: {said}"
    );
    assert!(said.contains("games") && said.contains("link"), "{said}");
    victim.untouched();
}

#[test]
fn a_link_at_the_sites_own_folder_is_refused_and_nothing_outside_is_touched() {
    // The daemon writes <site-dir>/<tournament id>/: a link planted as the
    // tournament's folder is the same case as a link given as the folder.
    let z = tournament();
    let victim = Victim::new(&z);
    let site = z.dir.path().join("1");
    symlink(&victim.dir, &site).unwrap();

    let (ok, said) = publish(&z, &site, &[]);
    assert!(!ok, "publishing into a link is refused: {said}");
    assert!(said.contains("link"), "{said}");
    victim.untouched();

    // And a link at a game's ply folder (games/1/).
    let real = z.dir.path().join("real");
    let (ok, said) = publish(&z, &real, &[]);
    assert!(ok, "{said}");
    fs::remove_dir_all(real.join("games/1")).unwrap();
    symlink(victim.dir.join("1"), real.join("games/1")).unwrap();
    let (ok, said) = publish(&z, &real, &[]);
    assert!(
        !ok,
        "publishing through a link at games/1/ is refused: {said}"
    );
    victim.untouched();
}

#[test]
fn links_at_pages_and_at_temporary_names_are_replaced_never_followed() {
    let z = tournament();
    let victim = Victim::new(&z);
    let site = z.dir.path().join("site");
    fs::create_dir_all(site.join("games/1")).unwrap();
    // A link at each page's final name, and at the temporary names the old
    // writer used (`.<page>.<pid>.tmp`) for every pid the child may get.
    for (page, target) in [
        ("index.html", "index.html"),
        ("style.css", "style.css"),
        ("games/1.html", "1.html"),
        ("games/1.pdn", "1.pdn"),
        ("games/1/2.html", "1/2.html"),
    ] {
        symlink(victim.dir.join(target), site.join(page)).unwrap();
        let (folder, name) = page.rsplit_once('/').unwrap_or(("", page));
        let me = std::process::id();
        for pid in me..me + 3000 {
            symlink(
                victim.dir.join(target),
                site.join(folder).join(format!(".{name}.{pid}.tmp")),
            )
            .unwrap();
        }
    }
    let (ok, said) = publish(&z, &site, &[]);
    assert!(ok, "{said}");
    victim.untouched();
    for page in ["index.html", "games/1.html", "games/1/2.html"] {
        let meta = fs::symlink_metadata(site.join(page)).unwrap();
        assert!(
            meta.is_file(),
            "{page} is now the site's own file, not a link"
        );
        assert!(
            fs::read_to_string(site.join(page))
                .unwrap()
                .contains("<html")
        );
    }
}

#[test]
fn only_files_the_writer_recorded_are_removed() {
    let z = tournament();
    let site = z.dir.path().join("site");
    let (ok, said) = publish(&z, &site, &[]);
    assert!(ok, "{said}");
    // Files of someone else, named like the site's own.
    fs::write(site.join("games/7.html"), "mine").unwrap();
    fs::write(site.join("games/1/99.html"), "mine").unwrap();
    fs::create_dir(site.join("games/8")).unwrap();
    fs::write(site.join("games/8/0.html"), "mine").unwrap();
    let (ok, said) = publish(&z, &site, &[]);
    assert!(ok, "{said}");
    for kept in ["games/7.html", "games/1/99.html", "games/8/0.html"] {
        assert_eq!(
            fs::read_to_string(site.join(kept)).unwrap(),
            "mine",
            "{kept}"
        );
    }
    let manifest = fs::read_to_string(site.join(".zaochka-manifest")).unwrap();
    assert!(
        manifest.lines().any(|l| l == "games/1/2.html"),
        "{manifest}"
    );
    assert!(!manifest.contains("7.html"), "{manifest}");
}

#[test]
fn published_files_are_0644_and_folders_0755_under_umask_077() {
    let z = tournament();
    let site = z.dir.path().join("www/site");
    let (ok, said) = publish(&z, &site, &[]);
    assert!(ok, "{said}");
    for folder in ["", "games", "games/1"] {
        assert_eq!(mode(&site.join(folder)), 0o755, "folder {folder:?}");
    }
    for file in [
        "index.html",
        "style.css",
        "games/1.html",
        "games/1.pdn",
        "games/1/0.html",
        "games/1/2.html",
    ] {
        assert_eq!(mode(&site.join(file)), 0o644, "{file}");
    }
    assert_eq!(mode(&z.db), 0o600, "the database stays the owner's");
}

#[test]
fn site_mode_sets_the_bits_of_files_and_folders() {
    let z = tournament();
    let config = z.dir.path().join("zaochka.toml");
    fs::write(
        &config,
        format!(
            "database = {:?}\n[tournaments]\nsite-mode = \"0640\"\n",
            z.db.to_str().unwrap()
        ),
    )
    .unwrap();
    let site = z.dir.path().join("site");
    let (ok, said) = publish(&z, &site, &["--config", config.to_str().unwrap()]);
    assert!(ok, "{said}");
    assert_eq!(mode(&site), 0o750);
    assert_eq!(mode(&site.join("games/1")), 0o750);
    assert_eq!(mode(&site.join("games/1/2.html")), 0o640);

    fs::write(&config, "[tournaments]\nsite-mode = \"0444\"\n").unwrap();
    let (ok, said) = publish(&z, &site, &["--config", config.to_str().unwrap()]);
    assert!(!ok && said.contains("site-mode"), "{said}");
}

#[test]
fn the_daemon_refuses_a_link_planted_as_a_tournaments_folder_and_writes_0644_otherwise() {
    let bot = common::daemon::Bot::new(common::daemon::Mailing::Local).with_umask(0o077);
    let sites = bot.path().join("www");
    let mut config = fs::read_to_string(bot.path().join("zaochka.toml")).unwrap();
    config.push_str(&format!(
        "[tournaments]\nsite-dir = {:?}\n",
        sites.to_str().unwrap()
    ));
    fs::write(bot.path().join("zaochka.toml"), config).unwrap();
    let ok = |args: &[&str]| bot.ok(args);
    add_director(&ok, DIRECTOR, None);
    let players = add_numbered(&ok, 3, |i| format!("p{i}@example.org"));
    field::new_tournament(&ok, DIRECTOR, NAME, "round-robin", &[], &players);
    let order: Vec<&str> = players.iter().map(String::as_str).collect();
    bot.ok(&[
        "tournament",
        "draw",
        NAME,
        "--numbers",
        &order.join(","),
        "--as",
        DIRECTOR,
    ]);
    bot.ok(&["tournament", "start", NAME, "--as", DIRECTOR]);
    // The tournament's folder, <site-dir>/1, is a link to someone else's.
    fs::create_dir_all(&sites).unwrap();
    let victim_dir = bot.path().join("victim");
    fs::create_dir_all(victim_dir.join("games")).unwrap();
    fs::write(victim_dir.join("index.html"), "theirs").unwrap();
    fs::write(victim_dir.join("games/1.html"), "theirs").unwrap();
    symlink(&victim_dir, sites.join("1")).unwrap();
    bot.serve_once();
    assert_eq!(
        fs::read_to_string(victim_dir.join("index.html")).unwrap(),
        "theirs"
    );
    assert_eq!(
        fs::read_to_string(victim_dir.join("games/1.html")).unwrap(),
        "theirs"
    );
    assert_eq!(
        entries(&victim_dir).len(),
        2,
        "nothing added: {:?}",
        entries(&victim_dir)
    );
    // Without the link the site is written, readable by a web server.
    fs::remove_file(sites.join("1")).unwrap();
    bot.serve_once();
    assert_eq!(mode(&sites.join("1")), 0o755);
    assert_eq!(mode(&sites.join("1/index.html")), 0o644);
}
