//! A DNS server on 127.0.0.1 that reads every query and never answers: a
//! resolver that times out, with no traffic off the machine. It listens on
//! one port for UDP and TCP (the resolver tries both) and keeps the name
//! asked in each query.
#![allow(dead_code)]

use std::io::Read;
use std::net::{TcpListener, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The silent server; it stops when dropped.
pub struct SilentDns {
    pub port: u16,
    asked: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
}

impl SilentDns {
    pub fn start() -> SilentDns {
        // One port free for both protocols.
        let (udp, tcp) = (0..50)
            .find_map(|_| {
                let udp = UdpSocket::bind("127.0.0.1:0").ok()?;
                let port = udp.local_addr().ok()?.port();
                let tcp = TcpListener::bind(("127.0.0.1", port)).ok()?;
                Some((udp, tcp))
            })
            .expect("no free port for the DNS stub");
        let port = udp.local_addr().unwrap().port();
        let asked = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        udp.set_read_timeout(Some(Duration::from_millis(100)))
            .unwrap();
        {
            let (asked, stop) = (Arc::clone(&asked), Arc::clone(&stop));
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while !stop.load(Ordering::SeqCst) {
                    if let Ok((n, _)) = udp.recv_from(&mut buf) {
                        asked.lock().unwrap().push(qname(&buf[..n]));
                    }
                }
            });
        }
        tcp.set_nonblocking(true).unwrap();
        {
            let (asked, stop) = (Arc::clone(&asked), Arc::clone(&stop));
            std::thread::spawn(move || {
                // Connections are held open, never answered.
                let mut held = Vec::new();
                while !stop.load(Ordering::SeqCst) {
                    match tcp.accept() {
                        Ok((s, _)) => {
                            s.set_nonblocking(true).unwrap();
                            held.push(s);
                        }
                        Err(_) => std::thread::sleep(Duration::from_millis(20)),
                    }
                    for s in &mut held {
                        let mut buf = [0u8; 4096];
                        if let Ok(n) = s.read(&mut buf)
                            && n > 2
                        {
                            asked.lock().unwrap().push(qname(&buf[2..n]));
                        }
                    }
                }
            });
        }
        SilentDns { port, asked, stop }
    }

    /// `127.0.0.1:PORT`.
    pub fn address(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// The names asked so far, lowercased, without the final dot.
    pub fn asked(&self) -> Vec<String> {
        self.asked.lock().unwrap().clone()
    }
}

impl Drop for SilentDns {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// The question's name of a DNS message (labels from byte 12).
fn qname(msg: &[u8]) -> String {
    let mut labels = Vec::new();
    let mut i = 12;
    while let Some(&len) = msg.get(i) {
        if len == 0 || len & 0xC0 != 0 {
            break;
        }
        let end = i + 1 + usize::from(len);
        let Some(label) = msg.get(i + 1..end) else {
            break;
        };
        labels.push(String::from_utf8_lossy(label).to_ascii_lowercase());
        i = end;
    }
    labels.join(".")
}
