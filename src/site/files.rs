//! Writing the site's files: each one whole or not at all (a temporary file
//! beside it, then a rename), and removing what an earlier publication left
//! that this one no longer has.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::Written;

/// Writes files under a site's root and remembers them.
pub(super) struct Writer {
    root: PathBuf,
    done: Written,
    kept: HashSet<PathBuf>,
}

impl Writer {
    /// A writer into `root`, created if needed.
    pub fn new(root: &Path) -> io::Result<Writer> {
        fs::create_dir_all(root)?;
        Ok(Writer {
            root: root.to_path_buf(),
            done: Written::default(),
            kept: HashSet::new(),
        })
    }

    /// Writes `text` to `rel` (a `/`-separated path from the root), replacing
    /// the file in one rename.
    pub fn put(&mut self, rel: &str, text: &str) -> io::Result<()> {
        let path = rel
            .split('/')
            .fold(self.root.clone(), |p, part| p.join(part));
        replace(&path, text.as_bytes())?;
        self.kept.insert(path.clone());
        self.done.files.push(path);
        Ok(())
    }

    /// Removes the site's own files under `games/` that this publication did not
    /// write: `<id>.html`, `<id>.pdn`, `<id>.pgn` and `<id>/<ply>.html` (names of
    /// digits only; anything else there is left alone), and the `<id>/`
    /// directories left empty.
    pub fn prune_games(&mut self) -> io::Result<()> {
        let games = self.root.join("games");
        for entry in read_dir_or_none(&games)? {
            let path = entry?.path();
            if path.is_dir() && is_number(path.file_name()) {
                for inner in fs::read_dir(&path)? {
                    let page = inner?.path();
                    if is_site_file(&page, &["html"]) {
                        self.remove_unless_kept(&page)?;
                    }
                }
                if fs::read_dir(&path)?.next().is_none() {
                    fs::remove_dir(&path)?;
                }
            } else if is_site_file(&path, &["html", "pdn", "pgn"]) {
                self.remove_unless_kept(&path)?;
            }
        }
        Ok(())
    }

    fn remove_unless_kept(&mut self, path: &Path) -> io::Result<()> {
        if !self.kept.contains(path) {
            fs::remove_file(path)?;
            self.done.removed.push(path.to_path_buf());
        }
        Ok(())
    }

    /// What was written and removed.
    pub fn finish(self) -> Written {
        self.done
    }
}

/// Writes a file whole: into a temporary file in the same directory, renamed
/// over `path` (atomic on one file system).
fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = fs::write(&temp, bytes).and_then(|()| fs::rename(&temp, path));
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

/// The entries of a directory, none when it does not exist.
fn read_dir_or_none(dir: &Path) -> io::Result<Vec<io::Result<fs::DirEntry>>> {
    match fs::read_dir(dir) {
        Ok(entries) => Ok(entries.collect()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(e),
    }
}

/// Whether a file name is digits only.
fn is_number(name: Option<&std::ffi::OsStr>) -> bool {
    name.and_then(|n| n.to_str())
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a path is a file named `<digits>.<ext>` with one of these extensions.
fn is_site_file(path: &Path, extensions: &[&str]) -> bool {
    path.is_file()
        && is_number(path.file_stem())
        && path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.contains(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_publication_replaces_files_and_removes_stale_ply_pages() {
        let dir = tempfile::tempdir().unwrap();
        let mut first = Writer::new(dir.path()).unwrap();
        for rel in [
            "games/3.html",
            "games/3/0.html",
            "games/3/1.html",
            "games/4.pdn",
        ] {
            first.put(rel, "old").unwrap();
        }
        std::fs::write(dir.path().join("games/notes.txt"), "mine").unwrap();
        first.prune_games().unwrap();
        assert!(first.finish().removed.is_empty());

        let mut second = Writer::new(dir.path()).unwrap();
        second.put("games/3.html", "new").unwrap();
        second.put("games/3/0.html", "new").unwrap();
        second.prune_games().unwrap();
        let done = second.finish();
        let games = dir.path().join("games");
        assert_eq!(
            std::fs::read_to_string(games.join("3.html")).unwrap(),
            "new"
        );
        let mut removed = done.removed.clone();
        removed.sort();
        assert_eq!(removed, [games.join("3/1.html"), games.join("4.pdn")]);
        assert!(games.join("notes.txt").exists(), "not a file of the site");
        let left: Vec<_> = std::fs::read_dir(games.join("3")).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file is left");
    }
}
