//! Answers of a loopback server, in sequence, read by both clients (see
//! `endpoint_fuzz::answers`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| endpoint_fuzz::answers::answers(data));
