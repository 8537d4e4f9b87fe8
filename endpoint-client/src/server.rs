//! An API's server as an OpenAPI description names it: a URL template with
//! variables, each with a default value and maybe a list of allowed ones.

use std::fmt;

use super::error::Error;

/// The setting that takes a [`Server`], as [`Error::Config`] names it.
const SETTING: &str = "server";

/// A server of an OpenAPI description (its `servers` entry): a URL template
/// whose `{variables}` take the values a client chooses, or their defaults
/// ([`ClientBuilder::server`](super::ClientBuilder::server)).
///
/// ```
/// use endpoint::client::Server;
///
/// let server = Server::new("https://{region}.api.example.com/{version}")
///     .one_of("region", "us", ["us", "eu"])
///     .variable("version", "v1");
/// assert_eq!(server.url([("region", "eu")])?, "https://eu.api.example.com/v1");
/// assert_eq!(server.url::<&str, &str>([])?, "https://us.api.example.com/v1");
///
/// let error = server.url([("region", "mars")]).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "invalid client setting `server`: the variable `region` is `mars`, not one of `us`, `eu`"
/// );
/// # Ok::<(), endpoint::client::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Server {
    template: String,
    variables: Vec<Variable>,
}

/// A variable of a server's URL template.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Variable {
    name: String,
    default: String,
    /// The values allowed; any value when empty.
    allowed: Vec<String>,
}

impl Server {
    /// The server at `template` (`https://{region}.api.example.com/v1`).
    pub fn new(template: impl Into<String>) -> Server {
        Server {
            template: template.into(),
            variables: Vec::new(),
        }
    }

    /// Declares variable `name`, whose value is `default` unless chosen.
    pub fn variable(self, name: impl Into<String>, default: impl Into<String>) -> Server {
        self.one_of(name, default, Vec::<String>::new())
    }

    /// Declares variable `name`, whose value is `default` unless chosen,
    /// and must be one of `allowed` (the description's `enum`).
    pub fn one_of<V: Into<String>>(
        mut self,
        name: impl Into<String>,
        default: impl Into<String>,
        allowed: impl IntoIterator<Item = V>,
    ) -> Server {
        let name = name.into();
        self.variables.retain(|variable| variable.name != name);
        self.variables.push(Variable {
            name,
            default: default.into(),
            allowed: allowed.into_iter().map(Into::into).collect(),
        });
        self
    }

    /// The server's URL with the chosen `values` of its variables, and the
    /// defaults of the others.
    ///
    /// # Errors
    /// [`Error::Config`] of `server` naming the variable: one the template
    /// uses and the server does not declare, a value for a variable it does
    /// not declare, a value not among the allowed ones, a value that would
    /// change the URL's structure (holding `/`, `?`, `#`, `@`, `{`, `}`,
    /// white space or a control character; the path's variables aside,
    /// which may hold `/`), or a `{` left open.
    pub fn url<K: AsRef<str>, V: AsRef<str>>(
        &self,
        values: impl IntoIterator<Item = (K, V)>,
    ) -> Result<String, Error> {
        let values: Vec<(K, V)> = values.into_iter().collect();
        for (name, _) in &values {
            let name = name.as_ref();
            if !self.variables.iter().any(|variable| variable.name == name) {
                return Err(wrong(format!(
                    "`{}` is not a variable of `{}`",
                    name.escape_debug(),
                    self.template.escape_debug()
                )));
            }
        }
        let mut url = String::with_capacity(self.template.len());
        let mut rest = self.template.as_str();
        while let Some(open) = rest.find('{') {
            url.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else {
                return Err(wrong(format!(
                    "`{}` has a `{{` that is not closed",
                    self.template.escape_debug()
                )));
            };
            let name = &after[..close];
            let variable = self
                .variables
                .iter()
                .find(|variable| variable.name == name)
                .ok_or_else(|| {
                    wrong(format!(
                        "the variable `{}` of `{}` is not declared",
                        name.escape_debug(),
                        self.template.escape_debug()
                    ))
                })?;
            let value = values
                .iter()
                .rev()
                .find(|(given, _)| given.as_ref() == name)
                .map_or(variable.default.as_str(), |(_, value)| value.as_ref());
            variable.check(value, in_path(&url))?;
            url.push_str(value);
            rest = &after[close + 1..];
        }
        if rest.contains('}') {
            return Err(wrong(format!(
                "`{}` has a `}}` that opens nothing",
                self.template.escape_debug()
            )));
        }
        url.push_str(rest);
        Ok(url)
    }
}

impl Variable {
    /// `value` when this variable may take it, in a URL's path or before.
    fn check(&self, value: &str, in_path: bool) -> Result<(), Error> {
        let name = self.name.escape_debug();
        if !self.allowed.is_empty() && !self.allowed.iter().any(|allowed| allowed == value) {
            let allowed: Vec<String> = self
                .allowed
                .iter()
                .map(|allowed| format!("`{}`", allowed.escape_debug()))
                .collect();
            return Err(wrong(format!(
                "the variable `{name}` is `{}`, not one of {}",
                value.escape_debug(),
                allowed.join(", ")
            )));
        }
        let breaking = |c: char| {
            c.is_whitespace()
                || c.is_control()
                || matches!(c, '?' | '#' | '@' | '{' | '}' | '\\')
                || (c == '/' && !in_path)
        };
        if let Some(c) = value.chars().find(|&c| breaking(c)) {
            return Err(wrong(format!(
                "the value of the variable `{name}` holds `{}`, which would change the URL",
                c.escape_debug()
            )));
        }
        Ok(())
    }
}

impl fmt::Display for Server {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.template)
    }
}

/// Whether a URL written up to `url` is in its path: past the authority.
fn in_path(url: &str) -> bool {
    url.split_once("://")
        .is_none_or(|(_, rest)| rest.contains('/'))
}

fn wrong(reason: String) -> Error {
    Error::config(SETTING, reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_are_checked_and_named() {
        let server = Server::new("https://{region}.example.com:{port}/{base}")
            .one_of("region", "us", ["us", "eu"])
            .variable("port", "443")
            .variable("base", "v1");
        assert_eq!(
            server.url([("base", "api/v2"), ("port", "8443")]).unwrap(),
            "https://us.example.com:8443/api/v2"
        );
        for (values, reason) in [
            (vec![("zone", "a")], "`zone` is not a variable"),
            (
                vec![("region", "mars")],
                "`region` is `mars`, not one of `us`, `eu`",
            ),
            (vec![("port", "1@evil.example")], "`port` holds `@`"),
            (vec![("port", "1/x")], "`port` holds `/`"),
            (vec![("base", "v1?x")], "`base` holds `?`"),
        ] {
            let error = server.url(values).unwrap_err().to_string();
            assert!(error.contains(reason), "{error}");
            assert!(error.contains("`server`"), "{error}");
        }
        let undeclared = Server::new("https://{host}/v1").url::<&str, &str>([]);
        assert!(
            undeclared
                .unwrap_err()
                .to_string()
                .contains("the variable `host` of `https://{host}/v1` is not declared")
        );
        let open = Server::new("https://{host/v1").url::<&str, &str>([]);
        assert!(open.unwrap_err().to_string().contains("is not closed"));
    }
}
