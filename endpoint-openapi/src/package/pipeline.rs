//! The pipeline: a description read (and filtered, its examples checked)
//! is planned, what the writer follows decided ([`super::checks`]), its
//! operations written ([`super::items`]), then the crate's files
//! ([`super::files`]).

use super::checks::{self, Verdict};
use super::files::{self, Written};
use super::items::{self, Shares, Writer};
use super::text::one_line;
use super::{Generated, Layout, OperationInfo, Options};
use crate::api::{Api, Operation};
use crate::diag::Diagnostics;
use crate::emit::Paths;
use crate::operations::{self, OperationPlan, Plan};
use crate::read::Read;

/// Plans and writes the crate of `api`.
///
/// ```
/// use endpoint_openapi::api::{Api, Operation, ParamIn, Parameter};
/// use endpoint_openapi::package::{Dependency, Modules, Options, generate};
/// use endpoint_openapi::schema::{Kind, Schema};
///
/// let api = Api {
///     title: "Pets".into(),
///     version: "1.0".into(),
///     operations: vec![Operation {
///         operation_id: Some("getPet".into()),
///         method: "GET".into(),
///         path: "/pets/{petId}".into(),
///         tags: vec!["pets".into()],
///         parameters: vec![Parameter {
///             name: "petId".into(),
///             location: ParamIn::Path,
///             required: true,
///             schema: Schema::of(Kind::Integer),
///             ..Parameter::default()
///         }],
///         ..Operation::default()
///     }],
///     ..Api::default()
/// };
/// let options = Options {
///     name: "pets-api".into(),
///     endpoint: Dependency::Version("0.1".into()),
///     modules: Modules::Tags,
///     conventions: Default::default(),
/// };
/// let generated = generate(&api, &options)?;
/// assert_eq!(generated.operations[0].rust, "pets::GetPet");
/// let pets = generated.files.iter().find(|f| f.path.ends_with("src/pets.rs")).unwrap();
/// assert!(pets.text.contains("pub struct GetPet = \"GET /pets/{pet_id}\" -> () {"));
/// assert!(pets.text.contains("        pub pet_id: i64,\n"));
/// # Ok::<(), String>(())
/// ```
///
/// # Errors
/// Only what no fallback can stand in for (a crate name that is not one);
/// everything else is a diagnostic.
pub fn generate(api: &Api, options: &Options) -> Result<Generated, String> {
    generate_after(api, Diagnostics::new(), options, Layout::Crate)
}

/// [`generate`] for a description as [`read`](crate::read) gave it: the
/// crate's diagnostics (its `DIAGNOSTICS.md`, [`Generated::diagnostics`])
/// are reading's, then planning's.
///
/// # Errors
/// As [`generate`].
pub fn generate_read(read: &Read, options: &Options) -> Result<Generated, String> {
    generate_read_as(read, options, Layout::Crate)
}

/// [`generate_read`] in `layout`: with [`Layout::OneFile`], its one file
/// is what [`Generator`](crate::Generator) writes for a build script.
///
/// # Errors
/// As [`generate`].
pub fn generate_read_as(
    read: &Read,
    options: &Options,
    layout: Layout,
) -> Result<Generated, String> {
    generate_after(&read.api, read.diagnostics.clone(), options, layout)
}

/// The message of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_owned())
}

/// `run`, with a panic (a bug of this crate that a description reached)
/// as the error of that part, its message in one line.
fn guarded<T>(run: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run))
        .map_err(|payload| one_line(&panic_message(payload.as_ref())))
}

/// `plan` ([`operations::plan`]) of `api`, with an operation whose
/// planning panics left out with a diagnostic naming it: when planning them
/// all panics, each is planned alone, and the others together.
///
/// # Errors
/// Planning the operations that each plan alone still panics.
fn plan_guarded(
    api: &Api,
    diagnostics: &mut Diagnostics,
    plan: impl Fn(&Api, &mut Diagnostics) -> Plan,
) -> Result<Plan, String> {
    let mut found = diagnostics.clone();
    if let Ok(plan) = guarded(|| plan(api, &mut found)) {
        *diagnostics = found;
        return Ok(plan);
    }
    let mut part = api.clone();
    let all = std::mem::take(&mut part.operations);
    let mut kept = Vec::with_capacity(all.len());
    for (index, operation) in all.iter().enumerate() {
        part.operations = vec![operation.clone()];
        match guarded(|| plan(&part, &mut Diagnostics::new())) {
            Ok(_) => kept.push(index),
            Err(reason) => diagnostics.push(
                &operation.pointer,
                Some(&operation.label()),
                format!("planning the operation failed: {reason}"),
                "the operation left out",
            ),
        }
    }
    part.operations = kept.iter().map(|&index| all[index].clone()).collect();
    let mut found = diagnostics.clone();
    let mut plan = guarded(|| plan(&part, &mut found))
        .map_err(|reason| format!("planning the operations failed: {reason}"))?;
    *diagnostics = found;
    // Each operation's index in the whole description.
    for op in &mut plan.operations {
        op.index = kept[op.index];
    }
    Ok(plan)
}

fn generate_after(
    api: &Api,
    diagnostics: Diagnostics,
    options: &Options,
    layout: Layout,
) -> Result<Generated, String> {
    check_name(&options.name)?;
    // Planning follows references depth first: schemas that refer to one
    // another in long chains need a deeper stack than a thread's default.
    // Joining the thread is also the last net: a part that panics and is
    // not guarded on its own is this error.
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("generate".into())
            .stack_size(GENERATE_STACK)
            .spawn_scoped(scope, || {
                generate_checked(api, diagnostics, options, layout)
            })
            .map_err(|err| format!("generating the crate: no thread to run on: {err}"))?
            .join()
            .map_err(|payload| {
                format!(
                    "generating the crate failed: {}",
                    one_line(&panic_message(payload.as_ref()))
                )
            })?
    })
}

/// The stack of the thread that generates a crate (reserved, and used as
/// deep as the references of the description go).
const GENERATE_STACK: usize = 256 << 20;

fn generate_checked(
    api: &Api,
    mut diagnostics: Diagnostics,
    options: &Options,
    layout: Layout,
) -> Result<Generated, String> {
    // The events of schemas an extension marks, as the conventions say.
    let marked =
        crate::read::with_schema_events(api, &options.conventions.events, &mut diagnostics);
    let api = marked.as_ref().unwrap_or(api);
    let plan = plan_guarded(api, &mut diagnostics, |api, diagnostics| {
        operations::plan(api, &options.modules, &options.conventions, diagnostics)
    })?;
    let paths = Paths::default();
    let writer = Writer::new(&plan, &paths);
    // What is written, decided before writing: which operations the macro
    // takes, with or without their parameters' styles, and which share an
    // enum by status.
    let verdicts: Vec<Verdict> = plan
        .operations
        .iter()
        .map(|op| guarded(|| checks::verdict(&writer, op)).unwrap_or_else(Verdict::Refused))
        .collect();
    let taken: Vec<bool> = verdicts.iter().map(Verdict::taken).collect();
    let shares = checks::share_enums(&plan, &taken);
    let (modules, kept, infos) =
        write_operations(api, &plan, &writer, (&verdicts, &shares), &mut diagnostics);

    // The former names of renamed operations, after each module's structs.
    let mut aliases: Vec<Vec<String>> = vec![Vec::new(); plan.modules.len()];
    for alias in &plan.aliases {
        let op = &plan.operations[alias.operation];
        if kept[alias.operation] {
            aliases[alias.module].push(items::alias_item(
                &plan,
                alias,
                op,
                layout == Layout::Crate,
            ));
        }
    }
    let written = Written {
        plan: &plan,
        modules: &modules,
        aliases: &aliases,
        infos: &infos,
        kept: &kept,
    };
    let (mut files, statics) = match layout {
        Layout::Crate => files::crate_files(api, options, &written, &diagnostics, &paths)?,
        Layout::OneFile => files::one_file(api, options, &written, &paths)?,
    };
    if let Some(events) = &plan.events {
        let workspace = matches!(options.endpoint, super::Dependency::Workspace(_));
        files::add_events(&mut files, events, &plan.types, (layout, workspace), &paths)?;
    }
    Ok(Generated {
        files,
        operations: all_operations(api, &plan, infos),
        diagnostics,
        types: plan.types.len(),
        statics,
    })
}

/// Writes each operation the macro takes, as `verdicts` say, its enums by
/// status as `shares` say: each module's items in the description's
/// order, which operations were written (by the plan's index), and every
/// planned operation as the crate has it.
fn write_operations(
    api: &Api,
    plan: &Plan,
    writer: &Writer<'_>,
    (verdicts, shares): (&[Verdict], &[Shares]),
    diagnostics: &mut Diagnostics,
) -> (Vec<Vec<String>>, Vec<bool>, Vec<OperationInfo>) {
    let mut modules: Vec<Vec<String>> = vec![Vec::new(); plan.modules.len()];
    let mut infos = Vec::with_capacity(api.operations.len());
    let mut kept = vec![false; plan.operations.len()];
    for (at, op) in plan.operations.iter().enumerate() {
        let operation = &api.operations[op.index];
        let written = match &verdicts[at] {
            Verdict::Refused(reason) => Err(reason.clone()),
            verdict => guarded(|| writer.operation(op, verdict.styles(), &shares[at]))
                .and_then(|written| written),
        };
        let rust = match written {
            Ok(text) => {
                if let Verdict::WithoutStyles(reason) = &verdicts[at] {
                    diagnostics.push(
                        &operation.pointer,
                        Some(&operation.label()),
                        format!("`endpoint!` refuses the parameters' styles: {reason}"),
                        "the parameters written in their locations' default styles",
                    );
                }
                modules[op.module].push(text);
                kept[at] = true;
                format!("{}::{}", plan.modules[op.module].name, op.name)
            }
            Err(reason) => {
                diagnostics.push(
                    &operation.pointer,
                    Some(&operation.label()),
                    format!("`endpoint!` refuses the operation: {reason}"),
                    "the operation left out",
                );
                String::new()
            }
        };
        infos.push(info(writer, operation, op, rust));
    }
    (modules, kept, infos)
}

/// A planned operation as the crate has it, its struct at `rust` (empty
/// when left out).
fn info(
    writer: &Writer<'_>,
    operation: &Operation,
    op: &OperationPlan,
    rust: String,
) -> OperationInfo {
    OperationInfo {
        operation_id: operation.operation_id.clone(),
        method: op.method_name(),
        path: operation.path.clone(),
        rust,
        answers: op
            .answers
            .iter()
            .map(|(status, media)| {
                let media = media
                    .iter()
                    .map(|(media_type, ty)| {
                        (
                            media_type.clone(),
                            ty.as_ref().map(|ty| writer.ty(ty, op, "crate::models::")),
                        )
                    })
                    .collect();
                (*status, media)
            })
            .collect(),
    }
}

/// Every operation of the description, in its order: the planned ones as
/// `infos` has them, and one left out before it was planned with no
/// struct.
fn all_operations(api: &Api, plan: &Plan, infos: Vec<OperationInfo>) -> Vec<OperationInfo> {
    let mut planned = plan
        .operations
        .iter()
        .map(|op| op.index)
        .zip(infos)
        .peekable();
    let mut operations = Vec::with_capacity(api.operations.len());
    for (index, operation) in api.operations.iter().enumerate() {
        match planned.next_if(|(at, _)| *at == index) {
            Some((_, info)) => operations.push(info),
            None => operations.push(OperationInfo {
                operation_id: operation.operation_id.clone(),
                method: operation.method.clone(),
                path: operation.path.clone(),
                rust: String::new(),
                answers: Vec::new(),
            }),
        }
    }
    operations
}

/// A crate name cargo takes: ASCII letters, digits, `-` and `_`, starting
/// with a letter.
fn check_name(name: &str) -> Result<(), String> {
    let valid = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && name.len() <= 64;
    if valid {
        Ok(())
    } else {
        Err(format!(
            "`{name}` is not a crate name: ASCII letters, digits, `-` and `_`, starting with a letter, at most 64"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conventions::Conventions;
    use crate::operations::Modules;

    fn api() -> Api {
        let op = |id: &str, path: &str| Operation {
            pointer: format!("#/paths/~1{}/get", path.trim_start_matches('/')),
            operation_id: Some(id.to_owned()),
            method: "GET".into(),
            path: path.into(),
            ..Operation::default()
        };
        Api {
            operations: vec![op("first", "/a"), op("breaks", "/b"), op("third", "/c")],
            ..Api::default()
        }
    }

    #[test]
    fn an_operation_whose_planning_panics_is_left_out_with_a_diagnostic() {
        let api = api();
        let mut diagnostics = Diagnostics::new();
        let plan = plan_guarded(&api, &mut diagnostics, |api, diagnostics| {
            let breaks = api.operations.iter().any(|op| op.path == "/b");
            assert!(!breaks, "a bug reached by `/b`");
            operations::plan(
                api,
                &Modules::default(),
                &Conventions::default(),
                diagnostics,
            )
        })
        .unwrap();
        let planned: Vec<usize> = plan.operations.iter().map(|op| op.index).collect();
        assert_eq!(planned, [0, 2]);
        let found: Vec<String> = diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("#/paths/~1b/get"), "{found:?}");
        assert!(found[0].contains("breaks"), "{found:?}");
        assert!(
            found[0].contains("planning the operation failed: a bug reached by `/b`"),
            "{found:?}"
        );
    }

    #[test]
    fn operations_that_panic_only_together_are_an_error() {
        let err = plan_guarded(&api(), &mut Diagnostics::new(), |api, diagnostics| {
            assert!(api.operations.len() < 2, "two at once");
            operations::plan(
                api,
                &Modules::default(),
                &Conventions::default(),
                diagnostics,
            )
        })
        .unwrap_err();
        assert_eq!(err, "planning the operations failed: two at once");
    }
}
