//! The URL template parser and expander: bytes before the first `0xFF` are
//! the template, the rest optional JSON variables (see `endpoint_fuzz::template`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| endpoint_fuzz::template(data));
