//! What an API's settings say of the servers its routes declare
//! (`#[endpoint(server = "…")]`) on other origins than its base URL's: one
//! list, one entry per declared server, which says where its routes'
//! requests go instead ([`Api::with_server`](crate::Api::with_server)) and
//! which deployment of the API it belongs with
//! ([`Api::with_tied_server`](crate::Api::with_tied_server)), and from which
//! follow where a route goes ([`Servers::place`]) and where credentials may
//! go ([`Servers::declared_origin`], [`Servers::origins`]).

use std::sync::Arc;

use crate::url::Origin;

/// The servers routes declare, as a set of settings says where they go.
#[derive(Clone, Default)]
pub(crate) struct Servers(Arc<[Server]>);

/// One declared server.
#[derive(Clone)]
struct Server {
    /// The server, as routes declare it, without a trailing `/`.
    declared: String,
    /// The URL its routes' requests go to instead, without a trailing `/`.
    moved: Option<String>,
    /// The deployment of the API it belongs with, if any.
    tie: Option<Tie>,
}

/// A server that belongs with one deployment of an API: that of a base URL.
#[derive(Clone)]
pub(crate) struct Tie {
    /// The origin of that base URL.
    pub(crate) home: Option<Origin>,
    /// Where the server is under settings of another base URL.
    pub(crate) elsewhere: Elsewhere,
}

/// Where a server tied to a base URL is under settings of another.
#[derive(Clone)]
pub(crate) enum Elsewhere {
    /// At this path (without a trailing `/`) of their base URL's origin.
    At(String),
    /// Unknown: the requests of its routes are refused
    /// ([`Error::UnmappedServer`](crate::Error::UnmappedServer)).
    Unknown,
    /// Where it is declared, but credentials go there only under its own
    /// base URL (GitHub's uploads server, for an endpoint's defaults).
    Declared,
}

/// Where a typed route goes under a set of settings.
pub(crate) enum Place<'a> {
    /// To the server it declares, or to the base URL when it declares none.
    Declared,
    /// To the URL the settings send its server to.
    Moved(&'a str),
    /// To its server's place on the settings' origin (an absolute URL).
    Elsewhere(String),
}

/// The moved servers, `(declared, URL)` in the order they were set, as
/// before: the ties are the code's, not the caller's.
impl std::fmt::Debug for Servers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.moved()).finish()
    }
}

impl Servers {
    /// The same servers, sending the routes declaring `declared` to
    /// `actual` (both without a trailing `/`), the last of those set.
    pub(crate) fn moved_to(&self, declared: &str, actual: &str) -> Servers {
        let tie = self.tie(declared).cloned();
        self.with(
            Server {
                declared: declared.to_owned(),
                moved: Some(actual.to_owned()),
                tie,
            },
            true,
        )
    }

    /// The same servers, where `server` (without a trailing `/`) belongs
    /// with `tie`.
    pub(crate) fn tied(&self, server: &str, tie: Tie) -> Servers {
        let moved = self.redirect(server).map(str::to_owned);
        self.with(
            Server {
                declared: server.to_owned(),
                moved,
                tie: Some(tie),
            },
            false,
        )
    }

    /// These servers with `server` in the place of the entry of its name,
    /// or last (always last when `last`: the moved servers are in the order
    /// they were set, a server set again the last of them).
    fn with(&self, server: Server, last: bool) -> Servers {
        let at = self
            .0
            .iter()
            .position(|known| known.declared == server.declared);
        let mut servers = self.0.to_vec();
        match at {
            Some(at) if !last => servers[at] = server,
            Some(at) => {
                servers.remove(at);
                servers.push(server);
            }
            None => servers.push(server),
        }
        Servers(servers.into())
    }

    /// The moved servers alone: what settings of other defaults keep.
    pub(crate) fn moved_only(&self) -> Servers {
        let moved = self.0.iter().filter(|server| server.moved.is_some());
        Servers(
            moved
                .map(|server| Server {
                    tie: None,
                    ..server.clone()
                })
                .collect(),
        )
    }

    /// The moved servers, `(declared, URL)`.
    fn moved(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().filter_map(|server| {
            let url = server.moved.as_deref()?;
            Some((server.declared.as_str(), url))
        })
    }

    /// The URL the routes declaring `server` go to instead, if any.
    pub(crate) fn redirect(&self, server: &str) -> Option<&str> {
        let server = server.trim_end_matches('/');
        self.moved()
            .find(|(declared, _)| *declared == server)
            .map(|(_, url)| url)
    }

    /// The deployment `server` belongs with, if tied to one.
    pub(crate) fn tie(&self, server: &str) -> Option<&Tie> {
        let server = server.trim_end_matches('/');
        self.0
            .iter()
            .find(|known| known.declared == server)
            .and_then(|known| known.tie.as_ref())
    }

    /// Where a route declaring `server` goes under these settings, of base
    /// origin `base`, when it is a route of an API whose servers are
    /// `home`: where these settings send it; else, when `home` ties it to
    /// another base URL's origin than `base`, to its place there (`Ok` of
    /// [`Place::Elsewhere`]) or nowhere (`Err(())`, its place unknown);
    /// else where it is declared.
    pub(crate) fn place(
        &self,
        home: &Servers,
        server: &str,
        base: Option<&Origin>,
    ) -> Result<Place<'_>, ()> {
        if let Some(url) = self.redirect(server) {
            return Ok(Place::Moved(url));
        }
        let (Some(tie), Some(base)) = (home.tie(server), base) else {
            return Ok(Place::Declared);
        };
        if tie.home.as_ref() == Some(base) {
            return Ok(Place::Declared);
        }
        match &tie.elsewhere {
            Elsewhere::At(path) => Ok(Place::Elsewhere(format!("{base}{path}"))),
            Elsewhere::Unknown => Err(()),
            Elsewhere::Declared => Ok(Place::Declared),
        }
    }

    /// The origin the credentials of a route declaring the absolute
    /// `server` may go to because the route names it, under settings of
    /// base origin `base`: none when the server is moved, nor when a server
    /// on its origin belongs with another base URL's origin.
    pub(crate) fn declared_origin(&self, server: &str, base: &Option<Origin>) -> Option<Origin> {
        if self.redirect(server).is_some() {
            return None;
        }
        let origin = Origin::of(server)?;
        let elsewhere = self.0.iter().any(|known| {
            known.tie.as_ref().is_some_and(|tie| tie.home != *base)
                && Origin::of(&known.declared).as_ref() == Some(&origin)
        });
        (!elsewhere).then_some(origin)
    }

    /// The origins besides the base URL's (`base`) that credentials may go
    /// to: those of the URLs servers are moved to, in the order they were
    /// set, then those of the servers that belong with `base`.
    pub(crate) fn origins(&self, base: &Option<Origin>) -> impl Iterator<Item = Origin> {
        let moved = self.moved().filter_map(|(_, url)| Origin::of(url));
        let tied = self
            .0
            .iter()
            .filter(|server| server.tie.is_some())
            .filter_map(|server| self.declared_origin(&server.declared, base));
        moved.chain(tied)
    }
}
