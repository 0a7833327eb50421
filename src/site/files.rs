//! Writing the site's files without following any link: every folder is opened
//! relative to its parent's handle with `O_DIRECTORY | O_NOFOLLOW` and refused
//! when it is a symbolic link, not a folder, or not owned by the writing user;
//! every page is written to a new temporary file with a random name
//! (`O_CREAT | O_EXCL | O_NOFOLLOW`, so nothing planted at that name is ever
//! opened) and renamed over the old one in the same folder handle, whole or not
//! at all.
//!
//! The writer keeps a manifest, `.zaochka-manifest` in the site's root: the
//! paths (one a line, `/`-separated from the root) of every file it wrote. A
//! later publication removes only files listed there that it no longer writes;
//! nothing else in the folder is ever removed, whatever its name.
//!
//! Only the folder given as the site's root is checked this way: the path that
//! leads to it (the `site-dir` of the configuration, the folder given to
//! `publish`) is the operator's own and is opened as it is.

use std::collections::{BTreeSet, HashMap};
use std::ffi::OsStr;
use std::fs;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use rustix::fs::{AtFlags, Mode, OFlags};
use rustix::io::Errno;

use super::Written;
use crate::words::operator::site_files::{self, Refusal};

/// The manifest's name in the site's root.
pub(super) const MANIFEST: &str = ".zaochka-manifest";

/// The largest manifest read, in bytes (a site of 10,000 games with their ply
/// pages lists about 30 MB of paths; more is not a manifest this writer made).
const MANIFEST_LIMIT: u64 = 256 << 20;

/// The permission bits of published files and folders: files as given
/// (`0644` by default, readable by a web server running as another user),
/// folders the same with the search bit wherever a read bit is set (`0755`).
/// Set exactly, whatever the umask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SiteMode {
    file: u32,
}

impl Default for SiteMode {
    fn default() -> Self {
        SiteMode { file: 0o644 }
    }
}

impl SiteMode {
    /// The mode of an octal text such as `"0644"` or `"640"`: permission bits
    /// only (at most `0777`), and readable and writable by the owner.
    /// `None` for anything else.
    pub fn from_octal(text: &str) -> Option<SiteMode> {
        let text = text.trim();
        if text.is_empty() || text.len() > 4 || !text.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
            return None;
        }
        let file = u32::from_str_radix(text, 8).ok()?;
        (file <= 0o777 && file & 0o600 == 0o600).then_some(SiteMode { file })
    }

    /// The bits of a published file.
    pub fn file(self) -> u32 {
        self.file
    }

    /// The bits of a published folder: the file's, searchable wherever readable.
    pub fn folder(self) -> u32 {
        self.file | ((self.file & 0o444) >> 2)
    }
}

/// Writes files under a site's root and remembers them.
pub(super) struct Writer {
    root: PathBuf,
    mode: SiteMode,
    /// The opened folders by their path from the root (`""` is the root).
    folders: HashMap<String, OwnedFd>,
    done: Written,
    kept: BTreeSet<String>,
}

impl Writer {
    /// A writer into `root`: its parent is created if needed and opened as it
    /// is; `root` itself is created (with the folder mode) or opened without
    /// following a link, and refused when it is a link, not a folder, or not
    /// the writing user's.
    pub fn new(root: &Path, mode: SiteMode) -> io::Result<Writer> {
        let root_fd = match (root.parent(), root.file_name()) {
            (Some(parent), Some(name)) => {
                let parent = if parent.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    parent
                };
                fs::create_dir_all(parent)?;
                let parent_fd = rustix::fs::open(
                    parent,
                    OFlags::DIRECTORY | OFlags::RDONLY | OFlags::CLOEXEC,
                    Mode::empty(),
                )
                .map_err(|e| named(e, parent))?;
                folder_at(&parent_fd, name, mode, root)?
            }
            _ => {
                let fd = rustix::fs::open(
                    root,
                    OFlags::DIRECTORY | OFlags::RDONLY | OFlags::CLOEXEC,
                    Mode::empty(),
                )
                .map_err(|e| named(e, root))?;
                check_owner(&fd, root)?;
                fd
            }
        };
        let mut folders = HashMap::new();
        folders.insert(String::new(), root_fd);
        Ok(Writer {
            root: root.to_path_buf(),
            mode,
            folders,
            done: Written::default(),
            kept: BTreeSet::new(),
        })
    }

    /// Writes `text` to `rel` (a `/`-separated path from the root), replacing
    /// the file in one rename.
    pub fn put(&mut self, rel: &str, text: &str) -> io::Result<()> {
        let (dir, name) = split(rel)?;
        let mode = self.mode;
        let folder = self.folder(dir, true)?.expect("created folders are opened");
        replace(folder, name, text.as_bytes(), mode).map_err(|e| with_path(e, &self.path(rel)))?;
        self.kept.insert(rel.to_string());
        self.done.files.push(self.path(rel));
        Ok(())
    }

    /// Removes the files the manifest lists that this publication did not write,
    /// and the folders below the root left empty by that; then writes the new
    /// manifest (every file written now, and those listed that could not be
    /// removed).
    pub fn prune(&mut self) -> io::Result<()> {
        let mut listed = self.manifest()?;
        for rel in listed.clone() {
            if self.kept.contains(&rel) {
                continue;
            }
            let (dir, name) = split(&rel)?;
            let Some(folder) = self.folder(dir, false)? else {
                listed.remove(&rel);
                continue;
            };
            match rustix::fs::unlinkat(folder, name, AtFlags::empty()) {
                Ok(()) => {
                    self.done.removed.push(self.path(&rel));
                    listed.remove(&rel);
                }
                Err(Errno::NOENT) => {
                    listed.remove(&rel);
                }
                Err(e) => return Err(with_path(e.into(), &self.path(&rel))),
            }
            if let Some((up, last)) = dir.rsplit_once('/')
                && let Some(parent) = self.folder(up, false)?
            {
                // A folder still holding anything stays (ENOTEMPTY): only
                // emptied folders of the site go.
                if rustix::fs::unlinkat(parent, last, AtFlags::REMOVEDIR).is_ok() {
                    self.folders.remove(dir);
                }
            }
        }
        listed.extend(self.kept.iter().cloned());
        let mut text = String::from(site_files::manifest_header());
        for rel in &listed {
            text.push_str(rel);
            text.push('\n');
        }
        let mode = self.mode;
        let root = &self.folders[""];
        replace(root, OsStr::new(MANIFEST), text.as_bytes(), mode)
            .map_err(|e| with_path(e, &self.path(MANIFEST)))
    }

    /// What was written and removed.
    pub fn finish(self) -> Written {
        self.done
    }

    /// The paths the manifest lists, none when there is no manifest. Lines
    /// that are not a plain relative path (empty, `.`, `..`, a leading `/`)
    /// are ignored.
    fn manifest(&self) -> io::Result<BTreeSet<String>> {
        let root = &self.folders[""];
        let fd = match rustix::fs::openat(
            root,
            MANIFEST,
            OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::NONBLOCK,
            Mode::empty(),
        ) {
            Ok(fd) => fd,
            Err(Errno::NOENT) => return Ok(BTreeSet::new()),
            Err(e) => return Err(with_path(e.into(), &self.path(MANIFEST))),
        };
        let stat = rustix::fs::fstat(&fd)?;
        if !rustix::fs::FileType::from_raw_mode(stat.st_mode).is_file() {
            return Err(refused(&self.path(MANIFEST), Refusal::NotARegularFile));
        }
        let mut text = String::new();
        fs::File::from(fd)
            .take(MANIFEST_LIMIT)
            .read_to_string(&mut text)
            .map_err(|e| with_path(e, &self.path(MANIFEST)))?;
        Ok(text
            .lines()
            .filter(|l| !l.starts_with('#') && split(l).is_ok())
            .map(str::to_string)
            .collect())
    }

    /// The folder `rel` below the root, opened without following a link (each
    /// of its parts in turn). A missing part is created when `create`, else
    /// the answer is `None`.
    fn folder(&mut self, rel: &str, create: bool) -> io::Result<Option<&OwnedFd>> {
        if !self.folders.contains_key(rel) {
            let (up, name) = match rel.rsplit_once('/') {
                Some((up, name)) => (up, name),
                None => ("", rel),
            };
            let path = self.path(rel);
            let mode = self.mode;
            let Some(parent) = self.folder(up, create)? else {
                return Ok(None);
            };
            let fd = if create {
                folder_at(parent, OsStr::new(name), mode, &path)?
            } else {
                match open_folder(parent, OsStr::new(name), &path) {
                    Ok(fd) => fd,
                    Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
                    Err(e) => return Err(e),
                }
            };
            self.folders.insert(rel.to_string(), fd);
        }
        Ok(self.folders.get(rel))
    }

    /// A path from the root, for what was done and for errors.
    fn path(&self, rel: &str) -> PathBuf {
        rel.split('/')
            .fold(self.root.clone(), |p, part| p.join(part))
    }
}

/// A relative path split into its folder (`""` for the root) and its file
/// name, refused unless every part is a plain name.
fn split(rel: &str) -> io::Result<(&str, &OsStr)> {
    let plain = !rel.is_empty()
        && rel
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != ".." && !part.contains('\0'));
    if !plain {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            site_files::not_a_plain_path(rel),
        ));
    }
    Ok(match rel.rsplit_once('/') {
        Some((dir, name)) => (dir, OsStr::new(name)),
        None => ("", OsStr::new(rel)),
    })
}

/// The folder `name` in `parent`: created with the folder mode if missing,
/// then opened without following a link and checked.
fn folder_at(parent: &impl AsFd, name: &OsStr, mode: SiteMode, path: &Path) -> io::Result<OwnedFd> {
    let made = match rustix::fs::mkdirat(parent, name, Mode::from_raw_mode(0o700)) {
        Ok(()) => true,
        Err(Errno::EXIST) => false,
        Err(e) => return Err(named(e, path)),
    };
    let fd = open_folder(parent, name, path)?;
    if made {
        rustix::fs::fchmod(&fd, Mode::from_raw_mode(mode.folder())).map_err(|e| named(e, path))?;
    }
    Ok(fd)
}

/// The existing folder `name` in `parent`, opened with `O_NOFOLLOW`, refused
/// when it is a link, not a folder, or not the writing user's.
fn open_folder(parent: &impl AsFd, name: &OsStr, path: &Path) -> io::Result<OwnedFd> {
    let fd = rustix::fs::openat(
        parent,
        name,
        OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::RDONLY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map_err(|e| match e {
        Errno::LOOP | Errno::NOTDIR => refused(path, Refusal::LinkOrNotAFolder),
        e => named(e, path),
    })?;
    check_owner(&fd, path)?;
    Ok(fd)
}

/// Refuses a folder that is not the writing user's.
fn check_owner(fd: &OwnedFd, path: &Path) -> io::Result<()> {
    let stat = rustix::fs::fstat(fd).map_err(|e| named(e, path))?;
    if stat.st_uid != rustix::process::geteuid().as_raw() {
        return Err(refused(path, Refusal::OwnedByAnotherUser));
    }
    Ok(())
}

/// Writes `bytes` to `name` in `folder` whole: into a new file under a random
/// temporary name (never an existing file or link), set to the file mode,
/// then renamed over `name` (a link planted at `name` is replaced, not
/// followed).
fn replace(folder: &OwnedFd, name: &OsStr, bytes: &[u8], mode: SiteMode) -> io::Result<()> {
    let mut random = [0u8; 8];
    getrandom::fill(&mut random).map_err(|e| io::Error::other(e.to_string()))?;
    let mut temp = Vec::from(b"." as &[u8]);
    temp.extend_from_slice(name.as_bytes());
    temp.push(b'.');
    for b in random {
        temp.extend_from_slice(format!("{b:02x}").as_bytes());
    }
    temp.extend_from_slice(b".tmp");
    let temp = OsStr::from_bytes(&temp);
    let fd = rustix::fs::openat(
        folder,
        temp,
        OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::from_raw_mode(0o600),
    )?;
    let written = (|| {
        rustix::fs::fchmod(&fd, Mode::from_raw_mode(mode.file()))?;
        let mut file = fs::File::from(fd);
        file.write_all(bytes)?;
        drop(file);
        rustix::fs::renameat(folder, temp, folder, name)?;
        Ok(())
    })();
    if written.is_err() {
        let _ = rustix::fs::unlinkat(folder, temp, AtFlags::empty());
    }
    written
}

/// An error of the system saying which path it was about.
fn named(e: Errno, path: &Path) -> io::Error {
    with_path(e.into(), path)
}

/// An I/O error saying which path it was about.
fn with_path(e: io::Error, path: &Path) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// A folder or file the writer will not use, and why.
fn refused(path: &Path, why: Refusal) -> io::Error {
    io::Error::new(
        io::ErrorKind::PermissionDenied,
        site_files::refused(path.display(), why),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_publication_replaces_files_and_removes_stale_ply_pages() {
        let dir = tempfile::tempdir().unwrap();
        let mut first = Writer::new(dir.path(), SiteMode::default()).unwrap();
        for rel in [
            "games/3.html",
            "games/3/0.html",
            "games/3/1.html",
            "games/4.pdn",
            "games/5/0.html",
        ] {
            first.put(rel, "old").unwrap();
        }
        std::fs::write(dir.path().join("games/notes.txt"), "mine").unwrap();
        std::fs::write(dir.path().join("games/8.html"), "mine, named like a page").unwrap();
        first.prune().unwrap();
        assert!(first.finish().removed.is_empty());

        let mut second = Writer::new(dir.path(), SiteMode::default()).unwrap();
        second.put("games/3.html", "new").unwrap();
        second.put("games/3/0.html", "new").unwrap();
        second.prune().unwrap();
        let done = second.finish();
        let games = dir.path().join("games");
        assert_eq!(
            std::fs::read_to_string(games.join("3.html")).unwrap(),
            "new"
        );
        let mut removed = done.removed.clone();
        removed.sort();
        assert_eq!(
            removed,
            [
                games.join("3/1.html"),
                games.join("4.pdn"),
                games.join("5/0.html")
            ]
        );
        assert!(games.join("notes.txt").exists(), "not a file of the site");
        assert!(games.join("8.html").exists(), "not a file the writer wrote");
        assert!(
            !games.join("5").exists(),
            "an emptied folder of the site goes"
        );
        let left: Vec<_> = std::fs::read_dir(games.join("3")).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file is left");
    }

    #[test]
    fn a_mode_is_octal_permission_bits_readable_and_writable_by_the_owner() {
        assert_eq!(
            SiteMode::from_octal("0644").map(SiteMode::folder),
            Some(0o755)
        );
        assert_eq!(
            SiteMode::from_octal("640").map(SiteMode::folder),
            Some(0o750)
        );
        assert_eq!(
            SiteMode::from_octal("0600").map(SiteMode::file),
            Some(0o600)
        );
        for bad in ["", "0", "0444", "4755", "0648", "rw-r--r--", "00644"] {
            assert_eq!(SiteMode::from_octal(bad), None, "{bad:?}");
        }
    }
}
