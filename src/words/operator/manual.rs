//! The words of the help and the manual pages around the commands'
//! examples (the examples themselves are command lines, in `cli::help`).

/// The title above a command's `count` examples.
#[must_use]
pub fn examples_title(count: usize) -> &'static str {
    if count == 1 { "Example:" } else { "Examples:" }
}
