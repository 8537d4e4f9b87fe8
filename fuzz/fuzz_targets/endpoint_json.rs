//! `endpoint`, `merge`, `parse` and `defaults` with arbitrary JSON options
//! (see `endpoint_fuzz::endpoint_json`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| endpoint_fuzz::endpoint_json(data));
