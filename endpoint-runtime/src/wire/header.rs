//! OpenAPI's parameter styles for a header and for the `cookie` header:
//! one parameter value written as its [`Placement`] says, with the rules of
//! the query's styles ([`style`](crate::wire::style), whose documentation
//! has the table of them): `simple` for a header, whose value is written as
//! it is (the caller quotes or escapes it; the builder refuses CR, LF and
//! NUL), `form` for a cookie, percent-encoded.

use crate::encode::{self, Set};
use crate::error::{Error, Result};
use crate::value::{Param, json_param};
use crate::wire::plan::Placement;
use crate::wire::style::{joined, joined_with, object, push_scalar, why_not};

/// The value of a header parameter, `simple` style: a scalar as it is, a
/// list's items joined with `,`, an object's names and values joined with
/// `,` (exploded: `name=value` pairs joined with `,`); `None` when there is
/// nothing to send. No percent-encoding: the builder refuses CR, LF and NUL.
///
/// # Errors
/// [`Error::HeaderValue`] naming `name` for a list or object inside a list
/// or object, or a value that is not text.
pub(crate) fn header_value(
    name: &str,
    value: Param<'_>,
    placement: &Placement,
) -> Result<Option<String>> {
    let value = value.resolve();
    if matches!(value, Param::Null) {
        return Ok(None);
    }
    let mut text = String::new();
    let members = if placement.explode { "=" } else { "," };
    let any = joined_with(&mut text, name, &value, ",", members, None, header_error)?;
    Ok(any.then_some(text))
}

fn header_error(name: &str, reason: &'static str) -> Error {
    Error::HeaderValue {
        name: name.to_owned(),
        reason,
    }
}

/// Appends one cookie parameter, `form` style, to the text of a `cookie`
/// header: `name=value`, a list's items or an object's names and values
/// joined with `,` under the name, or (exploded) a cookie per item
/// (`name=a; name=b`) or per member (`R=1; G=2`). Cookies are separated by
/// `; `. Names and values are percent-encoded (values with `allowReserved`:
/// all but RFC 6265's cookie octets).
///
/// # Errors
/// [`Error::Cookie`] naming `key` for a list or object inside a list or
/// object, or a value that is not text.
pub(crate) fn write_cookie(
    out: &mut String,
    key: &str,
    value: Param<'_>,
    placement: &Placement,
) -> Result<()> {
    let value = value.resolve();
    if matches!(value, Param::Null) {
        return Ok(());
    }
    let set = if placement.allow_reserved {
        Set::Cookie
    } else {
        Set::Unreserved
    };
    let start = out.len();
    let pair = |out: &mut String, name: &str| {
        if !out.is_empty() {
            out.push_str("; ");
        }
        encode::encode(out, name, Set::Unreserved);
        out.push('=');
    };
    if placement.explode {
        let item_pair = |out: &mut String, name: &str, item: &Param<'_>| {
            pair(out, name);
            if push_scalar(out, item, Some(set)) {
                Ok(())
            } else {
                Err(cookie_error(key, why_not(item)))
            }
        };
        if let Some(items) = value.items() {
            for item in items.iter() {
                if !matches!(item, Param::Null) {
                    item_pair(out, key, &item)?;
                }
            }
        } else if let Some(map) = object(&value) {
            for (name, member) in map {
                let member = json_param(member);
                if !matches!(member, Param::Null) {
                    item_pair(out, name, &member)?;
                }
            }
        } else {
            item_pair(out, key, &value)?;
        }
        return Ok(());
    }
    pair(out, key);
    if !joined(out, key, &value, ",", Some(set), cookie_error)? {
        // Nothing to send: take the name back out.
        out.truncate(start);
    }
    Ok(())
}

fn cookie_error(key: &str, reason: &'static str) -> Error {
    Error::Cookie {
        key: key.to_owned(),
        reason,
    }
}
