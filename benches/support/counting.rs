//! A global allocator that counts heap allocations: `System`, with a count of
//! the allocations and the bytes the current thread asks for.
//!
//! Shared by `benches/instructions.rs` and `tests/allocations.rs` through
//! `#[path = "…/support/counting.rs"] mod counting;`; each installs it with
//! `#[global_allocator] static ALLOCATOR: counting::Counting = counting::Counting;`
//! and reads it with [`count`]. The counters are the thread's own, so tests
//! running beside each other do not count each other's allocations. A
//! reallocation (a `String` or `Vec` growing) counts as one allocation, of its
//! new size; frees are not counted. Counting adds a few instructions to every
//! allocation, alike for whatever allocates.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// `System`, counting (see the module).
pub struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static BYTES: Cell<u64> = const { Cell::new(0) };
}

fn record(size: usize) {
    // `try_with`: the thread's counters may already be gone while it exits.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
    let _ = BYTES.try_with(|bytes| bytes.set(bytes.get() + size as u64));
}

// SAFETY: every method forwards to `System` with the caller's arguments
// unchanged, so `System`'s guarantees hold; the counting itself touches only
// const-initialised thread-local `Cell`s, which neither allocate nor unwind.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        // SAFETY: forwarded as is; the caller upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        // SAFETY: forwarded as is; the caller upholds `alloc_zeroed`'s contract.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        record(new_size);
        // SAFETY: forwarded as is; `ptr` was allocated by this allocator, that
        // is by `System`, with `layout`, as the caller guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as is; `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// The allocations and bytes that this thread asks for while `f` runs, and
/// `f`'s result, returned so that it can be dropped outside the counted
/// region.
pub fn count<T>(f: impl FnOnce() -> T) -> ((u64, u64), T) {
    let (allocations, bytes) = (ALLOCATIONS.with(Cell::get), BYTES.with(Cell::get));
    let out = f();
    let counted = (
        ALLOCATIONS.with(Cell::get) - allocations,
        BYTES.with(Cell::get) - bytes,
    );
    (counted, out)
}
