//! The one loopback server of these tests: an axum application served on
//! `127.0.0.1`, on a port of its own, by a thread of its own.

use std::net::SocketAddr;

/// Serves `app` on a loopback port and returns its address.
pub fn serve(app: axum::Router) -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    listener
        .set_nonblocking(true)
        .expect("a non-blocking listener");
    let address = listener.local_addr().expect("the port");
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build()
            .expect("a runtime");
        runtime.block_on(async {
            let listener = tokio::net::TcpListener::from_std(listener).expect("the listener");
            axum::serve(listener, app).await.expect("the server");
        });
    });
    address
}
