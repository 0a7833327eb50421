//! The site and the diagrams: golden diagrams, `zaochka diagram`, the HTML
//! reply in a real browser engine, the site writer and the tournament pages.

mod diagram_cli;
mod diagrams;
mod html_in_chromium;
mod tournament_pages;
mod writer_links;
