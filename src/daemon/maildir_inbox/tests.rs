use super::*;

#[test]
fn keys_are_reversible_printable_and_distinct_for_flags() {
    for raw in [
        &b"1700000000.M1P1.host"[..],
        b"1700000000.M1P1.host:2,",
        b"1700000000.M1P1.host:2,S",
        b"caf\xc3\xa9 100%\n\xff\xfe",
    ] {
        let name = OsStr::from_bytes(raw);
        let key = key_of(name);
        assert!(!key.chars().any(crate::printable::is_unsafe), "{key}");
        assert_eq!(name_of_key(&key).unwrap(), name, "{key}");
    }
    assert_eq!(key_of(OsStr::new("X")), "maildir/X");
    assert_ne!(key_of(OsStr::new("X")), key_of(OsStr::new("X:2,")));
    assert_eq!(
        key_of(OsStr::from_bytes(b"caf\xc3\xa9 100%\n\xff")),
        "maildir/café 100%25%0A%FF"
    );
    for bad in [
        "maildir/",
        "maildir/..",
        "maildir/a/b",
        "maildir/%2Fetc",
        "maildir/%G1",
        "INBOX/1/2",
    ] {
        assert!(name_of_key(bad).is_err(), "{bad}");
    }
}

#[test]
fn the_seen_flag_is_added_once_in_order() {
    let s = |n: &str| seen_name(OsStr::new(n)).into_string().unwrap();
    assert_eq!(s("X"), "X:2,S");
    assert_eq!(s("X:2,"), "X:2,S");
    assert_eq!(s("X:2,S"), "X:2,S");
    assert_eq!(s("X:2,FR"), "X:2,FRS");
    assert_eq!(s("X:2,T"), "X:2,ST");
    assert_eq!(seen_name_nth(OsStr::new("X:2,F"), 2), "X.2:2,FS");
}

fn inbox(max: usize) -> (tempfile::TempDir, MaildirInbox) {
    let dir = tempfile::tempdir().unwrap();
    let inbox = MaildirInbox::open(dir.path().join("box"), max).unwrap();
    (dir, inbox)
}

#[test]
fn an_over_size_file_is_read_only_to_its_head() {
    let (_d, mut inbox) = inbox(1000);
    let big = vec![b'a'; HEAD_BYTES + 5000];
    std::fs::write(inbox.path().join("new/big"), &big).unwrap();
    std::fs::write(inbox.path().join("new/small"), b"Subject: x\r\n\r\nhi").unwrap();
    let mails = inbox.fetch(10).unwrap();
    assert_eq!(mails.len(), 2);
    let big_mail = mails.iter().find(|m| m.key == "maildir/big").unwrap();
    assert_eq!(big_mail.size, big.len() as u64);
    assert_eq!(big_mail.bytes.len(), HEAD_BYTES);
    assert!(big_mail.is_truncated());
    let small = mails.iter().find(|m| m.key == "maildir/small").unwrap();
    assert!(!small.is_truncated());
    assert_eq!(small.bytes, b"Subject: x\r\n\r\nhi");
}

#[test]
fn done_moves_to_cur_never_replacing_and_quarantine_round_trips() {
    let (_d, mut inbox) = inbox(1 << 20);
    let p = inbox.path().to_path_buf();
    std::fs::write(p.join("new/A"), b"a").unwrap();
    std::fs::write(p.join("new/A:2,"), b"a2").unwrap();
    std::fs::write(p.join("new/B"), b"b").unwrap();
    std::fs::write(p.join("cur/B:2,S"), b"older").unwrap();
    let keys: Vec<String> = inbox
        .fetch(10)
        .unwrap()
        .into_iter()
        .map(|m| m.key)
        .collect();
    assert_eq!(keys.len(), 3);
    inbox.done("maildir/A").unwrap();
    // `A:2,` becomes `A:2,S` too, but `A` took it: never replaced.
    inbox.done("maildir/A:2,").unwrap();
    assert_eq!(std::fs::read(p.join("cur/A:2,S")).unwrap(), b"a");
    assert_eq!(std::fs::read(p.join("cur/A.1:2,S")).unwrap(), b"a2");
    for k in 1..COLLISIONS {
        std::fs::write(p.join(format!("cur/B.{k}:2,S")), b"taken").unwrap();
    }
    assert!(inbox.done("maildir/B").is_err());
    assert_eq!(std::fs::read(p.join("cur/B:2,S")).unwrap(), b"older");
    assert!(p.join("new/B").is_file());
    let skipped = inbox.take_skipped();
    assert_eq!(skipped.len(), 1);
    assert_eq!(skipped[0].why, EntrySkip::Unmovable);
    assert!(
        inbox.fetch(10).unwrap().is_empty(),
        "unmovable mail is not fetched again"
    );
    assert!(inbox.take_skipped().is_empty(), "reported once");
    // Quarantine and release keep the name (and so the key).
    inbox.quarantine("maildir/B").unwrap();
    assert!(p.join(".quarantine/new/B").is_file());
    assert!(p.join(".quarantine/cur").is_dir() && p.join(".quarantine/tmp").is_dir());
    inbox.release("maildir/B").unwrap();
    assert!(inbox.release("maildir/B").is_err());
    let again: Vec<String> = inbox
        .fetch(10)
        .unwrap()
        .into_iter()
        .map(|m| m.key)
        .collect();
    assert_eq!(again, vec!["maildir/B".to_string()]);
}

#[test]
fn replay_fetches_read_mail_once_under_its_first_key_in_arrival_order() {
    let (_d, mut inbox) = inbox(1000);
    let at = |secs: u64| SystemTime::UNIX_EPOCH + Duration::from_secs(secs);
    let write = |path: PathBuf, when: SystemTime| {
        std::fs::write(&path, b"Subject: x\r\n\r\nhi").unwrap();
        File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(when)
            .unwrap();
    };
    // Read long ago, read lately, and still new.
    write(inbox.path().join("cur/old:2,S"), at(1_000));
    write(inbox.path().join("cur/b:2,S"), at(3_000));
    write(inbox.path().join("cur/a:2,RS"), at(2_000));
    write(inbox.path().join("new/c"), at(4_000));
    let plain: Vec<String> = inbox
        .fetch(10)
        .unwrap()
        .into_iter()
        .map(|m| m.key)
        .collect();
    assert_eq!(plain, vec!["maildir/c"], "without replay, new/ only");

    inbox.replay_since(DateTime::<Utc>::from(at(1_500)));
    let keys: Vec<String> = inbox
        .fetch(10)
        .unwrap()
        .into_iter()
        .map(|m| m.key)
        .collect();
    assert_eq!(keys, vec!["maildir/a", "maildir/b", "maildir/c"]);
    assert!(inbox.fetch(10).unwrap().is_empty(), "each mail once");
    // Marking a replayed mail of cur/ done changes nothing; one of new/ moves.
    inbox.done("maildir/a").unwrap();
    assert!(inbox.path().join("cur/a:2,RS").exists());
    inbox.done("maildir/c").unwrap();
    assert!(inbox.path().join("cur/c:2,S").exists());
}
