# Turns config.example.toml into the Debian package's /etc/zaochka/config.toml:
# every path under /var/lib/zaochka (the only folder the service may write),
# a Maildir inbox and an outbox of files there, so that the service runs as
# installed; the IMAP and SMTP keys stay, commented, to be filled in.
BEGIN { section = "" }
/^\[.*\]$/ {
    section = $0
    print
    if (section == "[inbox]") {
        print "# As installed: the Maildir below (deliver the bot's address there with the"
        print "# MTA). For an IMAP mailbox set kind = \"imap\" and uncomment the keys below."
        print "kind = \"maildir\""
        print "path = \"/var/lib/zaochka/mail/inbox\""
    } else if (section == "[outbox]") {
        print "# As installed: replies are written as .eml files into the folder below."
        print "# To send them set kind = \"smtp\" and uncomment the keys below."
        print "kind = \"files\""
        print "path = \"/var/lib/zaochka/mail/outbox\""
    }
    next
}
(section == "[inbox]" || section == "[outbox]") && /^[a-z-]+ *=/ { print "# " $0; next }
{
    gsub(/docs\/admin\.md/, "/usr/share/doc/zaochka/admin.md")
    gsub(/"\/var\/backups\/zaochka"/, "\"/var/lib/zaochka/backups\"")
    gsub(/"\/var\/www\/zaochka"/, "\"/var/lib/zaochka/site\"")
    print
}
