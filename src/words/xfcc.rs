//! The mail with a new Xfcc password (docs/xfcc.md).

use super::catalog::Message;
use crate::vocabulary::Language;

/// The body of the mail that gives a player a new Xfcc password.
#[must_use]
pub fn password_mail(password: &str, lang: Language) -> String {
    Message::new("xfcc-password-mail")
        .arg("password", password)
        .render(lang)
}
