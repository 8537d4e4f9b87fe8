//! The answer models of `endpoint-github` against JSON GitHub wrote:
//!
//! - every example of every operation's 2xx answers in the description
//!   (`endpoint-github/openapi/api.github.com.json`) decodes into the
//!   operation's `TypedRequest::Response`, and written back with `Serialize`
//!   keeps every value the type models;
//! - every JSON answer of the recordings of `@octokit/fixtures`
//!   (`tests/fixtures/octokit-fixtures/`) decodes into the answer type of the
//!   operation whose method and path template match the recorded request;
//! - so does every JSON answer that octokit.rb and PyGithub recorded
//!   (`tests/fixtures/octokit.rb/`, `tests/fixtures/pygithub/`: api.github.com
//!   from 2012 on, and GitHub Enterprise Server, whose `/api/v3` prefix is
//!   removed from the path), or it is allowed to fail: recorded before the
//!   supported versions with a difference [`OLDER`] lists, or one of the
//!   exchanges [`LISTED`] with its reason;
//! - every answer written for a correction of the description
//!   (`tests/fixtures/github-answers/`) decodes, and names actions the
//!   overlay holds;
//! - every action of the overlay (`endpoint-github/openapi/overlay.json`)
//!   still names a value of the extract and changes it.
//!
//! `github_models/operations.rs` (one entry per operation) is generated with
//! the crate by `cargo run -p xtask -- github`; regenerate it instead of
//! editing it. A test lists every failure (operation, example or exchange,
//! JSON path, serde's message), not only the first, and prints its totals.
//! Set `GITHUB_MODELS_NOT_MODELED=1` to list each key the models drop.
//!
//! A failure is either corrected where it comes from (the description, by
//! an action of `endpoint-github/openapi/overlay.json`; the generator) or,
//! when the example is wrong in a way GitHub's answers are not, listed in
//! [`ALLOWED`] with its reason.

#[path = "github_models/operations.rs"]
mod operations;
#[path = "github_models/support.rs"]
mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

use operations::OPERATIONS;
use support::{Answer, Exchange, Failure, Operation, Outcome, is_json, replay_data, vcr_cassette};

/// The corrections of the description, applied by the generator.
const OVERLAY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/endpoint-github/openapi/overlay.json"
);

/// An example that is `null` where the schema is an object (`empty-object`
/// and the like): GitHub answers these requests with `{}`.
const NULL_FOR_OBJECT: &str = "the example is `null` where the answer is an object (`{}`)";
/// The example's EPSS percentile is a string; GitHub's answers have a number
/// (`"percentile": 0.02594` in https://github.com/bentleypark/aiwatch/issues/326).
const EPSS_PERCENTILE: &str =
    "the example's `epss.percentile` is the string \"0.16001e0\"; real answers have a number";
/// An example of another JSON media type than the answer type's, which a
/// request asks for with its own `Accept` (SARIF, the starred repositories
/// with their star's date).
const ANOTHER_JSON_MEDIA_TYPE: &str = "a JSON media type of its own, asked for with its own `accept`; the answer type is the default JSON's";
/// An example of one item where the answer is a list.
const ONE_ITEM_FOR_LIST: &str = "the example is one item where the answer is a list";
/// A diff, patch or SHA, asked for with its own `Accept` header: the struct's
/// answer type is the JSON of the default media type.
const OTHER_MEDIA_TYPE: &str =
    "a text media type asked for with its own `accept`; the answer type is the default JSON";
/// A `gravatar_id` written as a number.
const GRAVATAR: &str = "the example's `gravatar_id` is the number 1; it is a string (`\"\"`)";
/// A variable's value written as a boolean.
const VARIABLE: &str = "the example's variable `value` is `true`; variables are strings";
/// The bulk attestations written as a list of maps.
const ATTESTATIONS: &str =
    "the example's `attestations_subject_digests` is a list of maps; the schema's is one map";

/// The examples that are known not to decode, each with the reason: the
/// operationId, the media type, the example's name and why. An entry that
/// decodes is a failure too, so that the list stays current.
const ALLOWED: &[(&str, &str, &str, &str)] = &[
    (
        "security-advisories/list-global-advisories",
        "application/json",
        "default",
        EPSS_PERCENTILE,
    ),
    (
        "apps/redeliver-webhook-delivery",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "apps/list-installation-requests-for-authenticated-app",
        "application/json",
        "exampleKey1",
        "the example's `requester` omits the required `login` of a user",
    ),
    (
        "classroom/get-an-assignment",
        "application/json",
        "default",
        "the example's values hold stray commas (`\"12,\"`): a broken copy of an answer",
    ),
    (
        "classroom/list-accepted-assignments-for-an-assignment",
        "application/json",
        "default",
        ONE_ITEM_FOR_LIST,
    ),
    (
        "classroom/list-classrooms",
        "application/json",
        "default",
        ONE_ITEM_FOR_LIST,
    ),
    (
        "classroom/get-a-classroom",
        "application/json",
        "default",
        "the example's values hold stray commas (`\"false,\"`): a broken copy of an answer",
    ),
    (
        "classroom/list-assignments-for-a-classroom",
        "application/json",
        "default",
        ONE_ITEM_FOR_LIST,
    ),
    (
        "credentials/revoke",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "code-security/attach-enterprise-configuration",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "dependabot/list-alerts-for-enterprise",
        "application/json",
        "default",
        EPSS_PERCENTILE,
    ),
    (
        "dependabot/repository-access-for-enterprise",
        "application/json",
        "default",
        GRAVATAR,
    ),
    (
        "enterprise-team-organizations/get-assignments",
        "application/json",
        "default",
        ONE_ITEM_FOR_LIST,
    ),
    (
        "meta/get",
        "application/json",
        "default",
        "the example's `ssh_key_fingerprints` are numbers; fingerprints are strings (`SHA256:…`)",
    ),
    (
        "billing/get-all-budgets-org",
        "application/json",
        "default",
        "the example writes a list `budget_product_skus` where the schema requires the string `budget_product_sku`",
    ),
    (
        "billing/get-all-budgets-org",
        "application/json",
        "with_user_filter",
        "the example writes a list `budget_product_skus` where the schema requires the string `budget_product_sku`",
    ),
    (
        "billing/delete-budget-org",
        "application/json",
        "default",
        "the example writes `budget_id` where the schema requires `id`",
    ),
    (
        "orgs/delete",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "actions/list-custom-images-for-org",
        "application/json",
        "default",
        "the example is a page of `image_versions` (the answer of another operation) where the schema requires `images`",
    ),
    (
        "actions/get-hosted-runners-github-owned-images-for-org",
        "application/json",
        "default",
        "the example is one image where the answer is a page (`total_count` and `images`)",
    ),
    (
        "actions/get-hosted-runners-partner-images-for-org",
        "application/json",
        "default",
        "the example is one image where the answer is a page (`total_count` and `images`)",
    ),
    (
        "actions/get-hosted-runners-machine-specs-for-org",
        "application/json",
        "default",
        "the example is one machine spec where the answer is a page (`total_count` and `machine_specs`)",
    ),
    (
        "oidc/list-oidc-custom-property-inclusions-for-org",
        "application/json",
        "default",
        "the example writes `property_name` where the schema requires `custom_property_name`",
    ),
    (
        "oidc/update-oidc-custom-sub-template-for-org",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "actions/list-org-variables",
        "application/json",
        "default",
        VARIABLE,
    ),
    (
        "actions/create-org-variable",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "agents/list-org-variables",
        "application/json",
        "default",
        VARIABLE,
    ),
    (
        "agents/create-org-variable",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "orgs/list-attestations-bulk",
        "application/json",
        "default",
        ATTESTATIONS,
    ),
    (
        "code-security/attach-configuration",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "dependabot/list-alerts-for-org",
        "application/json",
        "default",
        EPSS_PERCENTILE,
    ),
    (
        "dependabot/repository-access-for-org",
        "application/json",
        "default",
        GRAVATAR,
    ),
    (
        "orgs/redeliver-webhook-delivery",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "codespaces/delete-from-organization",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "migrations/list-for-org",
        "application/json",
        "default",
        "the example omits the required `exclude_metadata`",
    ),
    (
        "migrations/start-for-org",
        "application/json",
        "default",
        "the example omits the required `exclude_metadata`",
    ),
    (
        "migrations/get-status-for-org",
        "application/json",
        "default",
        "the example omits the required `exclude_metadata`",
    ),
    (
        "orgs/get-org-role",
        "application/json",
        "default",
        "the example's `organization` (a `simple-user` in the schema) is an organization without the required `html_url`",
    ),
    (
        "orgs/review-pat-grant-requests-in-bulk",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "orgs/update-pat-accesses",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "projects/list-for-org",
        "application/json",
        "default",
        ONE_ITEM_FOR_LIST,
    ),
    (
        "projects/list-items-for-org",
        "application/json",
        "default",
        ONE_ITEM_FOR_LIST,
    ),
    (
        "projects/list-view-items-for-org",
        "application/json",
        "default",
        ONE_ITEM_FOR_LIST,
    ),
    (
        "actions/re-run-job-for-workflow-run",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "actions/set-custom-oidc-sub-claim-for-repo",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "actions/approve-workflow-run",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "actions/cancel-workflow-run",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "actions/force-cancel-workflow-run",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "actions/re-run-workflow",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "actions/re-run-workflow-failed-jobs",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "actions/create-repo-variable",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "repos/list-activities",
        "application/json",
        "default",
        "the example omits the required `timestamp`",
    ),
    (
        "agents/create-repo-variable",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "checks/rerequest-run",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "checks/rerequest-suite",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "repos/get-commit",
        "application/vnd.github.diff",
        "default",
        OTHER_MEDIA_TYPE,
    ),
    (
        "repos/get-commit",
        "application/vnd.github.patch",
        "default",
        OTHER_MEDIA_TYPE,
    ),
    (
        "repos/get-commit",
        "application/vnd.github.sha",
        "default",
        OTHER_MEDIA_TYPE,
    ),
    (
        "repos/compare-commits-with-basehead",
        "application/vnd.github.diff",
        "default",
        OTHER_MEDIA_TYPE,
    ),
    (
        "repos/compare-commits-with-basehead",
        "application/vnd.github.patch",
        "default",
        OTHER_MEDIA_TYPE,
    ),
    (
        "dependabot/list-alerts-for-repo",
        "application/json",
        "default",
        EPSS_PERCENTILE,
    ),
    (
        "dependabot/get-alert",
        "application/json",
        "default",
        EPSS_PERCENTILE,
    ),
    (
        "repos/list-custom-deployment-rule-integrations",
        "application/json",
        "default",
        "the example is a list of two objects where the answer is one object holding `total_count` and the list",
    ),
    (
        "actions/create-environment-variable",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "repos/redeliver-webhook-delivery",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "security-advisories/create-private-vulnerability-report",
        "application/json",
        "default",
        "the example's CVE identifier has a `null` value beside a `cve_id`; the schema requires a string",
    ),
    (
        "security-advisories/create-repository-advisory-cve-request",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "search/issues-and-pull-requests",
        "application/json",
        "lexical-fallback",
        "the example's items are placeholders (`\"...\"`)",
    ),
    (
        "codespaces/delete-for-authenticated-user",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "migrations/list-for-authenticated-user",
        "application/json",
        "default",
        "the example omits the required `exclude_metadata`",
    ),
    (
        "migrations/start-for-authenticated-user",
        "application/json",
        "default",
        "the example omits the required `exclude_metadata`",
    ),
    (
        "migrations/get-status-for-authenticated-user",
        "application/json",
        "default",
        "the example omits the required `exclude_metadata`",
    ),
    (
        "users/list-attestations-bulk",
        "application/json",
        "default",
        ATTESTATIONS,
    ),
    (
        "projects/list-for-user",
        "application/json",
        "default",
        ONE_ITEM_FOR_LIST,
    ),
    (
        "projects/list-items-for-user",
        "application/json",
        "default",
        ONE_ITEM_FOR_LIST,
    ),
    (
        "projects/list-view-items-for-user",
        "application/json",
        "default",
        ONE_ITEM_FOR_LIST,
    ),
    (
        "actions/create-or-update-org-secret",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "agents/create-or-update-org-secret",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "codespaces/create-or-update-org-secret",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "dependabot/create-or-update-org-secret",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "orgs/convert-member-to-outside-collaborator",
        "application/json",
        "202",
        NULL_FOR_OBJECT,
    ),
    (
        "actions/create-or-update-repo-secret",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "agents/create-or-update-repo-secret",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "code-quality/update-setup",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "code-scanning/update-default-setup",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "codespaces/create-or-update-repo-secret",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "dependabot/create-or-update-repo-secret",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "actions/create-or-update-environment-secret",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "repos/get-pages-health-check",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "repos/get-code-frequency-stats",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "repos/get-commit-activity-stats",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "repos/get-contributors-stats",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "codespaces/create-or-update-secret-for-authenticated-user",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "users/list-attestations",
        "application/json",
        "default",
        NULL_FOR_OBJECT,
    ),
    (
        "code-scanning/get-analysis",
        "application/sarif+json",
        "response",
        ANOTHER_JSON_MEDIA_TYPE,
    ),
    (
        "activity/list-repos-starred-by-authenticated-user",
        "application/vnd.github.v3.star+json",
        "alternative-response-with-star-creation-timestamps",
        ANOTHER_JSON_MEDIA_TYPE,
    ),
];

/// The first year of the supported versions: api.github.com as described
/// since 2022 and GitHub Enterprise Server 3.4 (March 2022) on.
const SUPPORTED_SINCE: u16 = 2022;

/// A field GitHub added after an answer recorded before
/// [`SUPPORTED_SINCE`] was made.
const ADDED_LATER: &str = "GitHub added the field after this answer was recorded; the answers of \
                           the supported versions have it";

/// Fields that answers recorded before [`SUPPORTED_SINCE`] lack, or hold in
/// a shape GitHub no longer sends, each with the reason: a failure of such
/// an answer is allowed when it is about one of these fields (a missing
/// field, or a value at a path whose last key is the field). An entry that
/// allows nothing is a failure too, so that the list stays current.
const OLDER: &[(&str, &str)] = &[
    (
        "node_id",
        "the REST API's objects carry their GraphQL `node_id` since 2017–2018 \
         (https://developer.github.com/changes/2017-12-19-graphql-node-id/)",
    ),
    ("type", ADDED_LATER),
    ("id", ADDED_LATER),
    ("truncated", ADDED_LATER),
    ("created_at", ADDED_LATER),
    ("disabled", ADDED_LATER),
    ("exclude_git_data", ADDED_LATER),
    ("ping_url", ADDED_LATER),
    ("number", ADDED_LATER),
    ("used", ADDED_LATER),
    ("comment_count", ADDED_LATER),
    ("app_slug", ADDED_LATER),
    ("apps_url", ADDED_LATER),
    ("browser_download_url", ADDED_LATER),
    ("current_user_authorizations_html_url", ADDED_LATER),
    ("protected", ADDED_LATER),
    ("public", ADDED_LATER),
    ("role", ADDED_LATER),
    (
        "use_lfs",
        "a source import's `use_lfs` was a string (`undecided`, `opt_in`, `opt_out`) before it \
         became a boolean; the Source Imports API was retired in 2024",
    ),
    (
        "user",
        "a gist's `user` held its owner's object in the answers of 2012–2013",
    ),
];

/// Recorded exchanges that do not decode for a reason of their own: the
/// source's folder, the file, the exchange's index in it and the reason.
/// An entry that decodes is a failure too.
const LISTED: &[(&str, &str, usize, &str)] = &[
    (
        "octokit.rb",
        "Octokit_Client_Users/_emails/returns_email_addresses.json",
        0,
        "before 2014 an email was a string; it is an object (`email`, `primary`, `verified`)",
    ),
    (
        "octokit.rb",
        "Octokit_Client_Users/_add_email/adds_an_email_address.json",
        0,
        "before 2014 an email was a string; it is an object (`email`, `primary`, `verified`)",
    ),
    (
        "pygithub",
        "BadAttributes.testBadTransformedAttributeInList.txt",
        0,
        "written by hand to test bad values: a commit's parent is the number 42",
    ),
    (
        "pygithub",
        "PublicKey.testAttributes_with_int_key_id.txt",
        2,
        "written by hand to test a number `key_id` (dated 2012, before GitHub Actions); GitHub \
         sends a string",
    ),
    (
        "pygithub",
        "Organization.testGetVariables.txt",
        0,
        "assembled by hand (dated 2012, before GitHub Actions' variables): a variable without \
         its `value`",
    ),
    (
        "pygithub",
        "Organization.testCreateTeamWithAllArguments.txt",
        4,
        "assembled by hand: the team's members are projects (`columns_url`), not users",
    ),
    (
        "pygithub",
        "AuthenticatedUser.testGetInvitations.txt",
        0,
        "assembled by hand: the repository's `owner` is a 2012 answer of `GET /user` (a \
         private user, without `followers_url`)",
    ),
    (
        "pygithub",
        "Repository.testGetPendingInvitations.txt",
        2,
        "assembled by hand: the repository's `owner` is a 2012 answer of `GET /user` (a \
         private user, without `followers_url`)",
    ),
];

/// What the recordings' checks allow, and what of it was used.
#[derive(Default)]
struct Allowance {
    older: BTreeSet<&'static str>,
    listed: BTreeSet<usize>,
}

impl Allowance {
    /// Why the failures of `exchange` are allowed, or `None` when one of
    /// them is not.
    fn reasons(
        &mut self,
        source: &str,
        exchange: &Exchange,
        failures: &[Failure],
    ) -> Option<String> {
        if failures.is_empty() {
            return None;
        }
        if let Some(n) = LISTED.iter().position(|(s, file, index, _)| {
            *s == source && *file == exchange.file && *index == exchange.index
        }) {
            self.listed.insert(n);
            return Some(LISTED[n].3.to_owned());
        }
        if exchange.year? >= SUPPORTED_SINCE {
            return None;
        }
        let mut reasons = BTreeSet::new();
        let mut fields = Vec::new();
        for failure in failures {
            let field = failure_field(failure);
            let (name, reason) = OLDER.iter().find(|(name, _)| *name == field)?;
            fields.push(*name);
            reasons.insert(format!("`{name}`: {reason}"));
        }
        self.older.extend(fields);
        Some(format!(
            "recorded in {}, before the supported versions; {}",
            exchange.year.unwrap_or_default(),
            reasons.into_iter().collect::<Vec<_>>().join("; ")
        ))
    }

    /// The entries that allowed nothing.
    fn unused(&self) -> Vec<String> {
        let older = OLDER
            .iter()
            .filter(|(name, _)| !self.older.contains(name))
            .map(|(name, _)| format!("OLDER `{name}` allows no failure: remove it"));
        let listed = LISTED
            .iter()
            .enumerate()
            .filter(|(n, _)| !self.listed.contains(n))
            .map(|(_, (source, file, index, _))| {
                format!("LISTED {source} {file} #{index} decodes, or is gone: remove it")
            });
        older.chain(listed).collect()
    }
}

/// The field a failure is about: the one serde names missing, or the last
/// key of its path.
fn failure_field(failure: &Failure) -> &str {
    if let Some(rest) = failure.message.strip_prefix("missing field `") {
        return rest.split('`').next().unwrap_or_default();
    }
    let last = failure.path.rsplit('.').next().unwrap_or_default();
    last.split('[').next().unwrap_or_default()
}

/// The description's extract.
fn extract() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/endpoint-github/openapi/api.github.com.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{path}: {err}"));
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{path}: {err}"))
}

/// The totals of the decoded answers.
#[derive(Default)]
struct Totals {
    decoded: usize,
    compared: usize,
    keys: usize,
    not_modeled: BTreeMap<String, usize>,
}

impl Totals {
    /// Adds an outcome; its failures, prefixed with `what`, go to `failures`.
    fn add(&mut self, what: &str, outcome: Outcome, failures: &mut Vec<String>) {
        if outcome.failures.is_empty() {
            self.decoded += 1;
        }
        self.compared += outcome.compared;
        self.keys += outcome.keys;
        for path in outcome.not_modeled {
            *self
                .not_modeled
                .entry(format!("{what} {path}"))
                .or_default() += 1;
        }
        failures.extend(
            outcome
                .failures
                .iter()
                .map(|Failure { path, message }| format!("{what}: at {path}: {message}")),
        );
    }

    fn report(&self, label: &str) {
        let dropped: usize = self.not_modeled.values().sum();
        eprintln!(
            "{label}: {} decoded, {} values compared, {dropped} of {} keys not modeled ({:.2} %)",
            self.decoded,
            self.compared,
            self.keys,
            100.0 * dropped as f64 / self.keys.max(1) as f64
        );
        if std::env::var_os("GITHUB_MODELS_NOT_MODELED").is_some() {
            for (path, count) in &self.not_modeled {
                eprintln!("  not modeled: {path} ({count})");
            }
        }
    }
}

#[test]
fn every_example_decodes_into_its_operation_answer() {
    let spec = extract();
    let mut totals = Totals::default();
    let mut with_examples = 0;
    let mut skipped: Vec<String> = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    let mut allowed_hit: BTreeSet<(&str, &str, &str)> = BTreeSet::new();
    for operation in &OPERATIONS {
        let Operation {
            id,
            method,
            path,
            answer,
            struct_method,
            ..
        } = operation;
        assert_eq!(
            method, struct_method,
            "{id}: the table's method and the struct's"
        );
        let responses = spec["paths"][path][method.to_ascii_lowercase()]["responses"]
            .as_object()
            .unwrap_or_else(|| panic!("{id}: no `{method} {path}` with responses in the extract"));
        let mut any = false;
        for (status, response) in responses {
            let Some(content) = response.get("content").and_then(Value::as_object) else {
                continue;
            };
            for (media_type, entry) in content {
                let Some(examples) = entry.get("examples").and_then(Value::as_object) else {
                    continue;
                };
                for (name, example) in examples {
                    any = true;
                    let what = format!("{id} {status} {media_type} example `{name}`");
                    let outcome = match answer {
                        Answer::Json(check) => check(status.parse().unwrap_or(200), example),
                        Answer::Text if !is_json(media_type) => {
                            skipped.push(format!("{what}: text, the answer type is `String`"));
                            continue;
                        }
                        Answer::Text | Answer::Empty => Outcome {
                            failures: vec![Failure {
                                path: ".".into(),
                                message: format!(
                                    "an example of a body, the answer type is `{}`",
                                    if matches!(answer, Answer::Text) {
                                        "String"
                                    } else {
                                        "()"
                                    }
                                ),
                            }],
                            ..Outcome::default()
                        },
                    };
                    let allowed = ALLOWED.iter().find(|(op, media, example, _)| {
                        op == id && media == media_type && example == name
                    });
                    match allowed {
                        Some(&(op, media, example, reason)) if !outcome.failures.is_empty() => {
                            allowed_hit.insert((op, media, example));
                            eprintln!("allowed: {what}: {reason}: {}", outcome.failures[0]);
                            totals.compared += outcome.compared;
                        }
                        _ => totals.add(&what, outcome, &mut failures),
                    }
                }
            }
        }
        with_examples += usize::from(any);
    }
    for (op, media, example, _) in ALLOWED {
        if !allowed_hit.contains(&(*op, *media, *example)) {
            failures.push(format!(
                "{op} {media} example `{example}` is allowed to fail but decodes, or is gone: \
                 remove it from ALLOWED"
            ));
        }
    }
    for line in &skipped {
        eprintln!("skipped: {line}");
    }
    eprintln!(
        "examples: {} operations in the table, {with_examples} with examples; {} skipped \
         (text answers), {} allowed to fail",
        OPERATIONS.len(),
        skipped.len(),
        allowed_hit.len()
    );
    totals.report("examples");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_recorded_json_answer_decodes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/octokit-fixtures/api.github.com");
    let mut scenarios: Vec<_> = std::fs::read_dir(&root)
        .unwrap_or_else(|err| panic!("{}: {err}", root.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    scenarios.sort();
    assert_eq!(scenarios.len(), 22, "the scenarios of @octokit/fixtures");
    let mut exchanges = Vec::new();
    for scenario in &scenarios {
        let name = scenario.file_name().unwrap_or_default().to_string_lossy();
        let file = scenario.join("normalized-fixture.json");
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|err| panic!("{}: {err}", file.display()));
        let records: Vec<Value> =
            serde_json::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", file.display()));
        for (index, record) in records.iter().enumerate() {
            let full_path = record["path"].as_str().unwrap_or_default();
            exchanges.push(Exchange {
                file: name.to_string(),
                index,
                method: record["method"].as_str().unwrap_or_default().to_owned(),
                path: full_path.split('?').next().unwrap_or_default().to_owned(),
                status: record["status"].as_u64().unwrap_or_default(),
                content_type: record["headers"]["content-type"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                body: record["response"].to_string(),
                year: None,
            });
        }
    }
    let failures = check_recordings("octokit-fixtures", &exchanges, &mut Allowance::default());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_json_answer_recorded_by_octokit_rb_and_pygithub_decodes() {
    let mut allowance = Allowance::default();
    let mut failures = Vec::new();
    for (source, extension, parse) in [
        ("octokit.rb", "json", vcr_cassette as fn(&str, &str) -> _),
        ("pygithub", "txt", replay_data),
    ] {
        let exchanges = read_recordings(source, extension, parse);
        failures.extend(check_recordings(source, &exchanges, &mut allowance));
    }
    failures.extend(allowance.unused());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The exchanges of every file ending in `.{extension}` under
/// `tests/fixtures/{source}/`, read by `parse`, in the order of their paths.
fn read_recordings(
    source: &str,
    extension: &str,
    parse: fn(&str, &str) -> Result<Vec<Exchange>, String>,
) -> Vec<Exchange> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(source);
    let mut files = Vec::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in
            std::fs::read_dir(&folder).unwrap_or_else(|err| panic!("{}: {err}", folder.display()))
        {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == extension) {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(!files.is_empty(), "{}: no recordings", root.display());
    let mut exchanges = Vec::new();
    for file in &files {
        let name = file.strip_prefix(&root).unwrap_or(file).to_string_lossy();
        let text =
            std::fs::read_to_string(file).unwrap_or_else(|err| panic!("{}: {err}", file.display()));
        exchanges.extend(parse(&name, &text).unwrap_or_else(|err| panic!("{err}")));
    }
    exchanges
}

/// Decodes every JSON answer of a 2xx exchange whose request matches an
/// operation into the operation's answer type; returns every failure that
/// `allowance` does not allow. Prints the totals.
fn check_recordings(
    source: &str,
    exchanges: &[Exchange],
    allowance: &mut Allowance,
) -> Vec<String> {
    let mut totals = Totals::default();
    let mut unmatched: Vec<String> = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    let mut operations: BTreeSet<&str> = BTreeSet::new();
    let mut decoded_operations: BTreeSet<&str> = BTreeSet::new();
    let mut allowed = 0;
    let mut answers = 0;
    let (mut recent, mut recent_decoded) = (0, 0);
    for exchange in exchanges {
        let Exchange {
            file,
            index,
            method,
            path,
            status,
            content_type,
            body,
            year,
        } = exchange;
        let Ok(response) = serde_json::from_str::<Value>(body) else {
            continue;
        };
        if !(200..300).contains(status)
            || !is_json(content_type)
            || !(response.is_object() || response.is_array())
        {
            continue;
        }
        answers += 1;
        let what = format!(
            "{source} {file} #{index} {} {path} ({status}{})",
            method.to_ascii_uppercase(),
            year.map(|year| format!(", {year}")).unwrap_or_default()
        );
        let found = OPERATIONS
            .iter()
            .filter_map(|op| op.matches(method, path).map(|score| (score, op)))
            .max_by_key(|(score, _)| *score);
        let Some((_, operation)) = found else {
            unmatched.push(format!(
                "{what}: no operation of the description has this method and path"
            ));
            continue;
        };
        operations.insert(operation.id);
        let what = format!("{what} as {}", operation.id);
        let outcome = match operation.answer {
            Answer::Json(check) => check(u16::try_from(*status).unwrap_or(200), &response),
            Answer::Text | Answer::Empty => Outcome {
                failures: vec![Failure {
                    path: ".".into(),
                    message: "a JSON answer, the answer type has no JSON".into(),
                }],
                ..Outcome::default()
            },
        };
        let is_recent = year.is_some_and(|year| year >= SUPPORTED_SINCE);
        recent += usize::from(is_recent);
        if outcome.failures.is_empty() {
            decoded_operations.insert(operation.id);
            recent_decoded += usize::from(is_recent);
        }
        match allowance.reasons(source, exchange, &outcome.failures) {
            Some(reasons) => {
                eprintln!("allowed: {what}: {reasons}: {}", outcome.failures[0]);
                totals.compared += outcome.compared;
                allowed += 1;
            }
            None => totals.add(&what, outcome, &mut failures),
        }
    }
    for line in &unmatched {
        eprintln!("unmatched: {line}");
    }
    eprintln!(
        "{source}: {answers} JSON answers of 2xx exchanges, {} matched ({} operations), {} \
         unmatched; {} decoded ({} operations), {allowed} allowed to fail; of those dated \
         {SUPPORTED_SINCE} or later, {recent_decoded} of {recent} decoded",
        answers - unmatched.len(),
        operations.len(),
        unmatched.len(),
        totals.decoded,
        decoded_operations.len(),
    );
    totals.report(source);
    failures
}

/// A JSON file of the tests' fixtures.
fn read_json(path: &Path) -> Value {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The answers written for the corrections of the overlay
/// (`tests/fixtures/github-answers/`, each in the shape a report of a real
/// answer shows, with the value the description does not allow): each
/// decodes into its operation's answer type and writes every key back with
/// its value (a `null` included), and names the actions it needs
/// (`corrects`), which the overlay holds, and the evidence behind them.
/// Without those actions the generated models refuse these answers, or
/// read a `null` they hold as an absent key and drop it.
#[test]
fn every_answer_behind_a_correction_decodes() {
    let overlay = read_json(Path::new(OVERLAY));
    let targets: BTreeSet<&str> = overlay["actions"]
        .as_array()
        .expect("the overlay's actions")
        .iter()
        .filter_map(|action| action["target"].as_str())
        .collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/github-answers");
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap_or_else(|err| panic!("{}: {err}", root.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: no answers", root.display());
    let mut failures = Vec::new();
    let mut corrected = BTreeSet::new();
    for file in &files {
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        let fixture = read_json(file);
        let id = fixture["operation"].as_str().unwrap_or_default();
        let Some(operation) = OPERATIONS.iter().find(|op| op.id == id) else {
            failures.push(format!("{name}: no operation `{id}`"));
            continue;
        };
        let corrects: Vec<&str> = fixture["corrects"]
            .as_array()
            .map(|list| list.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        if corrects.is_empty() {
            failures.push(format!("{name}: names no action it needs (`corrects`)"));
        }
        for target in corrects {
            if let Some(&known) = targets.get(target) {
                corrected.insert(known);
            } else {
                failures.push(format!("{name}: the overlay has no action `{target}`"));
            }
        }
        let evidence = fixture["evidence"].as_array().map_or(0, Vec::len);
        if evidence == 0 {
            failures.push(format!("{name}: names no evidence"));
        }
        let Answer::Json(check) = operation.answer else {
            failures.push(format!("{name}: `{id}` does not answer JSON"));
            continue;
        };
        let outcome = check(200, &fixture["answer"]);
        if outcome.compared == 0 {
            failures.push(format!("{name}: no value compared"));
        }
        failures.extend(
            outcome
                .not_modeled
                .iter()
                .map(|path| format!("{name} as {id}: {path} is dropped")),
        );
        failures.extend(
            outcome
                .failures
                .iter()
                .map(|failure| format!("{name} as {id}: {failure}")),
        );
    }
    eprintln!(
        "{} answers, behind {} actions of the overlay",
        files.len(),
        corrected.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every action of the overlay says why, names a value of the extract and
/// still changes it: a new extract that moves a corrected schema, or corrects it
/// itself, is noticed here (the action is then moved or removed), not left
/// to correct nothing.
#[test]
fn every_overlay_action_still_corrects_the_extract() {
    let spec = extract();
    let overlay = read_json(Path::new(OVERLAY));
    let actions = overlay["actions"]
        .as_array()
        .expect("the overlay's actions");
    assert!(!actions.is_empty(), "{OVERLAY}: no actions");
    let mut failures = Vec::new();
    for (i, action) in actions.iter().enumerate() {
        let target = action["target"].as_str().unwrap_or_default();
        if action["description"].as_str().is_none_or(str::is_empty) {
            failures.push(format!("action {i} `{target}`: no description says why"));
        }
        let original = scope(&spec, target);
        let mut corrected = original.clone();
        let one = serde_json::json!({"overlay": overlay["overlay"], "actions": [action]});
        match endpoint_openapi::overlay::apply(&mut corrected, &one) {
            Ok(_) if corrected == original => {
                failures.push(format!(
                    "action {i} `{target}`: changes nothing in the extract"
                ));
            }
            Ok(_) => {}
            Err(err) => failures.push(format!("action {i} `{target}`: {err}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The part of the extract an overlay target can reach: only the component
/// schema or the path it starts in (`$.components.schemas['name']…`,
/// `$.paths['/path']…`), kept where it is, or the whole extract for any
/// other target. Applying an action to it is applying it to the extract,
/// without copying the extract for each action.
fn scope(spec: &Value, target: &str) -> Value {
    let starts = |prefix: &str, key: &str| {
        [format!("{prefix}['{key}']"), format!("{prefix}.{key}")]
            .iter()
            .any(|head| {
                target
                    .strip_prefix(head.as_str())
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
            })
    };
    for (container, prefix, pointer) in [
        ("schemas", "$.components.schemas", "/components/schemas"),
        ("paths", "$.paths", "/paths"),
    ] {
        let Some(map) = spec.pointer(pointer).and_then(Value::as_object) else {
            continue;
        };
        if let Some((key, value)) = map.iter().find(|(key, _)| starts(prefix, key)) {
            let part = serde_json::json!({ key.as_str(): value.clone() });
            return if container == "schemas" {
                serde_json::json!({"components": {"schemas": part}})
            } else {
                serde_json::json!({ "paths": part })
            };
        }
    }
    spec.clone()
}
