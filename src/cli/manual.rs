//! `zaochka manual DIR`: the manual pages, from the command definitions
//! themselves (clap_mangen), each with an EXAMPLES section.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Command;
use clap_mangen::Man;

use super::help;

/// Writes the manual pages into DIR: zaochka.1 and one page per command and subcommand.
///
/// Pages are named as `man` looks them up: `zaochka-game-new.1` is the page of
/// `zaochka game new`. DIR is created if missing; pages already there are
/// replaced. The Debian package ships them in /usr/share/man/man1.
#[derive(clap::Args, Debug)]
pub struct Manual {
    /// The folder to write the pages into.
    dir: PathBuf,
}

/// The widest line of an example on a page (columns): `man` indents the
/// section's text on an 80-column terminal.
const PAGE_EXAMPLE_COLUMNS: usize = 70;

impl Manual {
    pub(super) fn execute(&self) -> anyhow::Result<ExitCode> {
        std::fs::create_dir_all(&self.dir)
            .with_context(|| format!("cannot create {}", self.dir.display()))?;
        let mut cmd = help::plain_command().disable_help_subcommand(true);
        cmd.build();
        let pages = write_pages(&cmd, "", &self.dir)
            .with_context(|| format!("cannot write the pages into {}", self.dir.display()))?;
        println!(
            "{}",
            crate::words::operator::records::pages_written(pages, &self.dir.display().to_string())
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// Writes the page of `cmd` (at command path `path`) and of each of its
/// subcommands; returns how many.
fn write_pages(cmd: &Command, path: &str, dir: &Path) -> std::io::Result<usize> {
    let mut count = 0;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let sub_path = if path.is_empty() {
            sub.get_name().to_string()
        } else {
            format!("{path} {}", sub.get_name())
        };
        count += write_pages(sub, &sub_path, dir)?;
    }
    let man = Man::new(cmd.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut page)?;
    }
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        man.render_subcommands_section(&mut page)?;
    }
    page.extend_from_slice(examples_section(help::examples(path)).as_bytes());
    if cmd.get_version().is_some() {
        man.render_version_section(&mut page)?;
    }
    let mut file = std::fs::File::create(dir.join(man.get_filename()))?;
    file.write_all(&page)?;
    file.flush()?;
    Ok(count + 1)
}

/// The EXAMPLES section in roff, each example unfilled and indented; empty
/// without examples.
fn examples_section(examples: &[&str]) -> String {
    if examples.is_empty() {
        return String::new();
    }
    let mut roff = String::from(".SH EXAMPLES\n");
    for example in examples {
        roff.push_str(".PP\n.RS 4\n.nf\n");
        for line in help::example_lines(example, PAGE_EXAMPLE_COLUMNS) {
            roff.push_str(&roff_line(&line));
            roff.push('\n');
        }
        roff.push_str(".fi\n.RE\n");
    }
    roff
}

/// A line of text as roff prints it literally: backslashes and hyphens
/// escaped, a leading `.` or `'` kept from being read as a request.
fn roff_line(line: &str) -> String {
    let escaped = line.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with('.') || escaped.starts_with('\'') {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}
