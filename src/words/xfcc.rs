//! The mail with a new Xfcc password (docs/xfcc.md).

use crate::vocabulary::Language;
use super::catalog::Message;

/// The body of the mail that gives a player a new Xfcc password.
#[must_use]
pub fn password_mail(password: &str, lang: Language) -> String {
    Message::new("xfcc-password-mail")
        .arg("password", password)
        .render(lang)
}
