//! The floor of the `decode/…` benchmarks: what a careful user writes by hand
//! to decode the five answers of `benches/decode.rs`, a `#[derive(Deserialize)]`
//! struct tree with the same fields as the models of `endpoint-github`
//! (`endpoint_github::models`): the same names, the same `Option`s (an
//! `Option` of a struct or union boxed, as in the models), the same
//! nested types and unions (`#[serde(untagged)]` with the same forms, in the
//! same order), with a plain `String` where the model has a `Timestamp`, a
//! `Uri` or an open string enum. It keeps neither `#[non_exhaustive]` nor
//! `Clone`, `PartialEq` and `Serialize`, which decoding does not use.
//!
//! Shared by `benches/decode.rs` and `tests/decode_inputs.rs` through
//! `#[path = "…/support/floor.rs"] mod floor;`.
#![allow(
    dead_code,
    reason = "the fields are decoded and never read: the benchmark measures decoding"
)]
#![allow(
    clippy::large_enum_variant,
    reason = "the unions hold their forms unboxed, as the models' unions do"
)]

use serde::Deserialize;

/// As `models::Issue`.
#[derive(Debug, Deserialize)]
pub struct Issue {
    pub id: i64,
    pub node_id: String,
    pub url: String,
    pub repository_url: String,
    pub labels_url: String,
    pub comments_url: String,
    pub events_url: String,
    pub html_url: String,
    pub number: i64,
    pub state: String,
    pub state_reason: Option<String>,
    pub title: String,
    pub body: Option<String>,
    pub user: Option<Box<SimpleUser>>,
    pub labels: Vec<LabelsItem>,
    pub assignee: Option<Box<SimpleUser>>,
    pub assignees: Option<Vec<SimpleUser>>,
    pub milestone: Option<Box<Milestone>>,
    pub locked: bool,
    pub active_lock_reason: Option<String>,
    pub comments: i64,
    pub pull_request: Option<Box<IssuePullRequest>>,
    pub closed_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub draft: Option<bool>,
    pub closed_by: Option<Box<SimpleUser>>,
    pub body_html: Option<String>,
    pub body_text: Option<String>,
    pub timeline_url: Option<String>,
    pub r#type: Option<Box<IssueType>>,
    pub repository: Option<Box<Repository>>,
    pub performed_via_github_app: Option<Box<Integration>>,
    pub author_association: Option<String>,
    pub reactions: Option<Box<ReactionRollup>>,
    pub sub_issues_summary: Option<Box<SubIssuesSummary>>,
    pub parent_issue_url: Option<String>,
    pub pinned_comment: Option<Box<IssueComment>>,
    pub issue_dependencies_summary: Option<Box<IssueDependenciesSummary>>,
    pub issue_field_values: Option<Vec<IssueFieldValue>>,
}

/// As `models::SimpleUser`.
#[derive(Debug, Deserialize)]
pub struct SimpleUser {
    pub name: Option<String>,
    pub email: Option<String>,
    pub login: String,
    pub id: i64,
    pub node_id: String,
    pub avatar_url: String,
    pub gravatar_id: Option<String>,
    pub url: String,
    pub html_url: String,
    pub followers_url: String,
    pub following_url: String,
    pub gists_url: String,
    pub starred_url: String,
    pub subscriptions_url: String,
    pub organizations_url: String,
    pub repos_url: String,
    pub events_url: String,
    pub received_events_url: String,
    pub r#type: String,
    pub site_admin: bool,
    pub starred_at: Option<String>,
    pub user_view_type: Option<String>,
}

/// As `models::LabelsItem`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum LabelsItem {
    String(String),
    IssueLabelsItem2(IssueLabelsItem2),
    Other(serde_json::Value),
}

/// As `models::IssueLabelsItem2`.
#[derive(Debug, Deserialize)]
pub struct IssueLabelsItem2 {
    pub id: Option<i64>,
    pub node_id: Option<String>,
    pub url: Option<String>,
    pub name: Option<String>,
    pub description: Option<String>,
    pub color: Option<String>,
    pub default: Option<bool>,
}

/// As `models::Milestone`.
#[derive(Debug, Deserialize)]
pub struct Milestone {
    pub url: String,
    pub html_url: String,
    pub labels_url: String,
    pub id: i64,
    pub node_id: String,
    pub number: i64,
    pub state: String,
    pub title: String,
    pub description: Option<String>,
    pub creator: Option<Box<SimpleUser>>,
    pub open_issues: i64,
    pub closed_issues: i64,
    pub created_at: String,
    pub updated_at: String,
    pub closed_at: Option<String>,
    pub due_on: Option<String>,
}

/// As `models::IssuePullRequest`.
#[derive(Debug, Deserialize)]
pub struct IssuePullRequest {
    pub merged_at: Option<String>,
    pub diff_url: Option<String>,
    pub html_url: Option<String>,
    pub patch_url: Option<String>,
    pub url: Option<String>,
}

/// As `models::IssueType`.
#[derive(Debug, Deserialize)]
pub struct IssueType {
    pub id: i64,
    pub node_id: String,
    pub name: String,
    pub description: Option<String>,
    pub color: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub is_enabled: Option<bool>,
}

/// As `models::Repository`.
#[derive(Debug, Deserialize)]
pub struct Repository {
    pub id: i64,
    pub node_id: String,
    pub name: String,
    pub full_name: String,
    pub license: Option<Box<LicenseSimple>>,
    pub forks: i64,
    pub permissions: Option<Box<RepositoryPermissions>>,
    pub owner: Option<Box<SimpleUser>>,
    pub private: bool,
    pub html_url: String,
    pub description: Option<String>,
    pub fork: bool,
    pub url: String,
    pub archive_url: String,
    pub assignees_url: String,
    pub blobs_url: String,
    pub branches_url: String,
    pub collaborators_url: String,
    pub comments_url: String,
    pub commits_url: String,
    pub compare_url: String,
    pub contents_url: String,
    pub contributors_url: String,
    pub deployments_url: String,
    pub downloads_url: String,
    pub events_url: String,
    pub forks_url: String,
    pub git_commits_url: String,
    pub git_refs_url: String,
    pub git_tags_url: String,
    pub git_url: String,
    pub issue_comment_url: String,
    pub issue_events_url: String,
    pub issues_url: String,
    pub keys_url: String,
    pub labels_url: String,
    pub languages_url: String,
    pub merges_url: String,
    pub milestones_url: String,
    pub notifications_url: String,
    pub pulls_url: String,
    pub releases_url: String,
    pub ssh_url: String,
    pub stargazers_url: String,
    pub statuses_url: String,
    pub subscribers_url: String,
    pub subscription_url: String,
    pub tags_url: String,
    pub teams_url: String,
    pub trees_url: String,
    pub clone_url: String,
    pub mirror_url: Option<String>,
    pub hooks_url: String,
    pub svn_url: String,
    pub homepage: Option<String>,
    pub language: Option<String>,
    pub forks_count: i64,
    pub stargazers_count: i64,
    pub watchers_count: i64,
    pub size: i64,
    pub default_branch: String,
    pub open_issues_count: i64,
    pub is_template: Option<bool>,
    pub topics: Option<Vec<String>>,
    pub has_issues: bool,
    pub has_projects: bool,
    pub has_wiki: bool,
    pub has_pages: bool,
    #[deprecated]
    pub has_downloads: bool,
    pub has_discussions: Option<bool>,
    pub has_pull_requests: Option<bool>,
    pub pull_request_creation_policy: Option<String>,
    pub archived: bool,
    pub disabled: bool,
    pub visibility: Option<String>,
    pub pushed_at: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub allow_rebase_merge: Option<bool>,
    pub temp_clone_token: Option<String>,
    pub allow_squash_merge: Option<bool>,
    pub allow_auto_merge: Option<bool>,
    pub delete_branch_on_merge: Option<bool>,
    pub allow_update_branch: Option<bool>,
    #[deprecated]
    pub use_squash_pr_title_as_default: Option<bool>,
    pub squash_merge_commit_title: Option<String>,
    pub squash_merge_commit_message: Option<String>,
    pub merge_commit_title: Option<String>,
    pub merge_commit_message: Option<String>,
    pub allow_merge_commit: Option<bool>,
    pub allow_forking: Option<bool>,
    pub web_commit_signoff_required: Option<bool>,
    pub open_issues: i64,
    pub watchers: i64,
    pub master_branch: Option<String>,
    pub starred_at: Option<String>,
    pub anonymous_access_enabled: Option<bool>,
    pub code_search_index_status: Option<Box<CodeSearchIndexStatus>>,
}

/// As `models::LicenseSimple`.
#[derive(Debug, Deserialize)]
pub struct LicenseSimple {
    pub key: String,
    pub name: String,
    pub url: Option<String>,
    pub spdx_id: Option<String>,
    pub node_id: String,
    pub html_url: Option<String>,
}

/// As `models::RepositoryPermissions`.
#[derive(Debug, Deserialize)]
pub struct RepositoryPermissions {
    pub admin: bool,
    pub pull: bool,
    pub triage: Option<bool>,
    pub push: bool,
    pub maintain: Option<bool>,
}

/// As `models::CodeSearchIndexStatus`.
#[derive(Debug, Deserialize)]
pub struct CodeSearchIndexStatus {
    pub lexical_search_ok: Option<bool>,
    pub lexical_commit_sha: Option<String>,
}

/// As `models::Integration`.
#[derive(Debug, Deserialize)]
pub struct Integration {
    pub id: i64,
    pub slug: Option<String>,
    pub node_id: String,
    pub client_id: Option<String>,
    pub owner: SimpleUserOrEnterprise,
    pub name: String,
    pub description: Option<String>,
    pub external_url: String,
    pub html_url: String,
    pub created_at: String,
    pub updated_at: String,
    pub permissions: Permissions,
    pub events: Vec<String>,
    pub installations_count: Option<i64>,
}

/// As `models::SimpleUserOrEnterprise`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum SimpleUserOrEnterprise {
    SimpleUser(SimpleUser),
    Enterprise(Enterprise),
    Other(serde_json::Value),
}

/// As `models::Enterprise`.
#[derive(Debug, Deserialize)]
pub struct Enterprise {
    pub description: Option<String>,
    pub html_url: String,
    pub website_url: Option<String>,
    pub id: i64,
    pub node_id: String,
    pub name: String,
    pub slug: String,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub avatar_url: String,
}

/// As `models::Permissions`.
#[derive(Debug, Deserialize)]
pub struct Permissions {
    pub issues: Option<String>,
    pub checks: Option<String>,
    pub metadata: Option<String>,
    pub contents: Option<String>,
    pub deployments: Option<String>,
}

/// As `models::ReactionRollup`.
#[derive(Debug, Deserialize)]
pub struct ReactionRollup {
    pub url: String,
    pub total_count: i64,
    #[serde(rename = "+1")]
    pub plus_1: i64,
    #[serde(rename = "-1")]
    pub minus_1: i64,
    pub laugh: i64,
    pub confused: i64,
    pub heart: i64,
    pub hooray: i64,
    pub eyes: i64,
    pub rocket: i64,
}

/// As `models::SubIssuesSummary`.
#[derive(Debug, Deserialize)]
pub struct SubIssuesSummary {
    pub total: i64,
    pub completed: i64,
    pub percent_completed: i64,
}

/// As `models::IssueComment`.
#[derive(Debug, Deserialize)]
pub struct IssueComment {
    pub id: i64,
    pub node_id: String,
    pub url: String,
    pub body: Option<String>,
    pub body_text: Option<String>,
    pub body_html: Option<String>,
    pub html_url: String,
    pub user: Option<Box<SimpleUser>>,
    pub created_at: String,
    pub updated_at: String,
    pub issue_url: String,
    pub author_association: Option<String>,
    pub performed_via_github_app: Option<Box<Integration>>,
    pub reactions: Option<Box<ReactionRollup>>,
    pub pin: Option<Box<PinnedIssueComment>>,
    pub minimized: Option<Box<IssueCommentMinimized>>,
}

/// As `models::PinnedIssueComment`.
#[derive(Debug, Deserialize)]
pub struct PinnedIssueComment {
    pub pinned_at: String,
    pub pinned_by: Option<Box<SimpleUser>>,
}

/// As `models::IssueCommentMinimized`.
#[derive(Debug, Deserialize)]
pub struct IssueCommentMinimized {
    pub reason: Option<String>,
}

/// As `models::IssueDependenciesSummary`.
#[derive(Debug, Deserialize)]
pub struct IssueDependenciesSummary {
    pub blocked_by: i64,
    pub blocking: i64,
    pub total_blocked_by: i64,
    pub total_blocking: i64,
}

/// As `models::IssueFieldValue`.
#[derive(Debug, Deserialize)]
pub struct IssueFieldValue {
    pub issue_field_id: i64,
    pub issue_field_name: Option<String>,
    pub node_id: String,
    pub data_type: String,
    pub value: Option<Box<IssueFieldValueValue>>,
    pub single_select_option: Option<Box<IssueFieldValueSingleSelectOption>>,
    pub multi_select_options: Option<Vec<IssueFieldValueMultiSelectOptionsItem>>,
}

/// As `models::IssueFieldValueValue`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum IssueFieldValueValue {
    String(String),
    Number(f64),
    Integer(i64),
    Other(serde_json::Value),
}

/// As `models::IssueFieldValueSingleSelectOption`.
#[derive(Debug, Deserialize)]
pub struct IssueFieldValueSingleSelectOption {
    pub id: i64,
    pub name: String,
    pub color: String,
}

/// As `models::IssueFieldValueMultiSelectOptionsItem`.
#[derive(Debug, Deserialize)]
pub struct IssueFieldValueMultiSelectOptionsItem {
    pub id: i64,
    pub name: String,
    pub color: String,
}

/// As `models::FullRepository`.
#[derive(Debug, Deserialize)]
pub struct FullRepository {
    pub id: i64,
    pub node_id: String,
    pub name: String,
    pub full_name: String,
    pub owner: SimpleUser,
    pub private: bool,
    pub html_url: String,
    pub description: Option<String>,
    pub fork: bool,
    pub url: String,
    pub archive_url: String,
    pub assignees_url: String,
    pub blobs_url: String,
    pub branches_url: String,
    pub collaborators_url: String,
    pub comments_url: String,
    pub commits_url: String,
    pub compare_url: String,
    pub contents_url: String,
    pub contributors_url: String,
    pub deployments_url: String,
    pub downloads_url: String,
    pub events_url: String,
    pub forks_url: String,
    pub git_commits_url: String,
    pub git_refs_url: String,
    pub git_tags_url: String,
    pub git_url: String,
    pub issue_comment_url: String,
    pub issue_events_url: String,
    pub issues_url: String,
    pub keys_url: String,
    pub labels_url: String,
    pub languages_url: String,
    pub merges_url: String,
    pub milestones_url: String,
    pub notifications_url: String,
    pub pulls_url: String,
    pub releases_url: String,
    pub ssh_url: String,
    pub stargazers_url: String,
    pub statuses_url: String,
    pub subscribers_url: String,
    pub subscription_url: String,
    pub tags_url: String,
    pub teams_url: String,
    pub trees_url: String,
    pub clone_url: String,
    pub mirror_url: Option<String>,
    pub hooks_url: String,
    pub svn_url: String,
    pub homepage: Option<String>,
    pub language: Option<String>,
    pub forks_count: i64,
    pub stargazers_count: i64,
    pub watchers_count: i64,
    pub size: i64,
    pub default_branch: String,
    pub open_issues_count: i64,
    pub is_template: Option<bool>,
    pub topics: Option<Vec<String>>,
    pub has_issues: bool,
    pub has_projects: bool,
    pub has_wiki: bool,
    pub has_pages: bool,
    pub has_downloads: Option<bool>,
    pub has_discussions: bool,
    pub has_pull_requests: Option<bool>,
    pub pull_request_creation_policy: Option<String>,
    pub archived: bool,
    pub disabled: bool,
    pub visibility: Option<String>,
    pub pushed_at: String,
    pub created_at: String,
    pub updated_at: String,
    pub permissions: Option<Box<FullRepositoryPermissions>>,
    pub allow_rebase_merge: Option<bool>,
    pub template_repository: Option<Box<Repository>>,
    pub temp_clone_token: Option<String>,
    pub allow_squash_merge: Option<bool>,
    pub allow_auto_merge: Option<bool>,
    pub delete_branch_on_merge: Option<bool>,
    pub allow_merge_commit: Option<bool>,
    pub allow_update_branch: Option<bool>,
    pub use_squash_pr_title_as_default: Option<bool>,
    pub squash_merge_commit_title: Option<String>,
    pub squash_merge_commit_message: Option<String>,
    pub merge_commit_title: Option<String>,
    pub merge_commit_message: Option<String>,
    pub allow_forking: Option<bool>,
    pub web_commit_signoff_required: Option<bool>,
    pub subscribers_count: i64,
    pub network_count: i64,
    pub license: Option<Box<LicenseSimple>>,
    pub organization: Option<Box<SimpleUser>>,
    pub parent: Option<Box<Repository>>,
    pub source: Option<Box<Repository>>,
    pub forks: i64,
    pub master_branch: Option<String>,
    pub open_issues: i64,
    pub watchers: i64,
    pub anonymous_access_enabled: Option<bool>,
    pub code_of_conduct: Option<Box<CodeOfConductSimple>>,
    pub security_and_analysis: Option<Box<SecurityAndAnalysis>>,
    pub custom_properties: Option<serde_json::Map<String, serde_json::Value>>,
}

/// As `models::FullRepositoryPermissions`.
#[derive(Debug, Deserialize)]
pub struct FullRepositoryPermissions {
    pub admin: bool,
    pub maintain: Option<bool>,
    pub push: bool,
    pub triage: Option<bool>,
    pub pull: bool,
}

/// As `models::CodeOfConductSimple`.
#[derive(Debug, Deserialize)]
pub struct CodeOfConductSimple {
    pub url: String,
    pub key: String,
    pub name: String,
    pub html_url: Option<String>,
}

/// As `models::SecurityAndAnalysis`.
#[derive(Debug, Deserialize)]
pub struct SecurityAndAnalysis {
    pub advanced_security: Option<Box<SecurityAndAnalysisAdvancedSecurity>>,
    pub code_security: Option<Box<SecurityAndAnalysisCodeSecurity>>,
    pub dependabot_security_updates: Option<Box<SecurityAndAnalysisDependabotSecurityUpdates>>,
    pub secret_scanning: Option<Box<SecurityAndAnalysisSecretScanning>>,
    pub secret_scanning_push_protection:
        Option<Box<SecurityAndAnalysisSecretScanningPushProtection>>,
    pub secret_scanning_non_provider_patterns:
        Option<Box<SecurityAndAnalysisSecretScanningNonProviderPatterns>>,
    pub secret_scanning_ai_detection: Option<Box<SecurityAndAnalysisSecretScanningAiDetection>>,
    pub secret_scanning_delegated_alert_dismissal:
        Option<Box<SecurityAndAnalysisSecretScanningDelegatedAlertDismissal>>,
    pub secret_scanning_delegated_bypass:
        Option<Box<SecurityAndAnalysisSecretScanningDelegatedBypass>>,
    pub secret_scanning_delegated_bypass_options:
        Option<Box<SecurityAndAnalysisSecretScanningDelegatedBypassOptions>>,
}

/// As `models::SecurityAndAnalysisAdvancedSecurity`.
#[derive(Debug, Deserialize)]
pub struct SecurityAndAnalysisAdvancedSecurity {
    pub status: Option<String>,
}

/// As `models::SecurityAndAnalysisCodeSecurity`.
#[derive(Debug, Deserialize)]
pub struct SecurityAndAnalysisCodeSecurity {
    pub status: Option<String>,
}

/// As `models::SecurityAndAnalysisDependabotSecurityUpdates`.
#[derive(Debug, Deserialize)]
pub struct SecurityAndAnalysisDependabotSecurityUpdates {
    pub status: Option<String>,
}

/// As `models::SecurityAndAnalysisSecretScanning`.
#[derive(Debug, Deserialize)]
pub struct SecurityAndAnalysisSecretScanning {
    pub status: Option<String>,
}

/// As `models::SecurityAndAnalysisSecretScanningPushProtection`.
#[derive(Debug, Deserialize)]
pub struct SecurityAndAnalysisSecretScanningPushProtection {
    pub status: Option<String>,
}

/// As `models::SecurityAndAnalysisSecretScanningNonProviderPatterns`.
#[derive(Debug, Deserialize)]
pub struct SecurityAndAnalysisSecretScanningNonProviderPatterns {
    pub status: Option<String>,
}

/// As `models::SecurityAndAnalysisSecretScanningAiDetection`.
#[derive(Debug, Deserialize)]
pub struct SecurityAndAnalysisSecretScanningAiDetection {
    pub status: Option<String>,
}

/// As `models::SecurityAndAnalysisSecretScanningDelegatedAlertDismissal`.
#[derive(Debug, Deserialize)]
pub struct SecurityAndAnalysisSecretScanningDelegatedAlertDismissal {
    pub status: Option<String>,
}

/// As `models::SecurityAndAnalysisSecretScanningDelegatedBypass`.
#[derive(Debug, Deserialize)]
pub struct SecurityAndAnalysisSecretScanningDelegatedBypass {
    pub status: Option<String>,
}

/// As `models::SecurityAndAnalysisSecretScanningDelegatedBypassOptions`.
#[derive(Debug, Deserialize)]
pub struct SecurityAndAnalysisSecretScanningDelegatedBypassOptions {
    pub reviewers:
        Option<Vec<SecurityAndAnalysisSecretScanningDelegatedBypassOptionsReviewersItem>>,
}

/// As `models::SecurityAndAnalysisSecretScanningDelegatedBypassOptionsReviewersItem`.
#[derive(Debug, Deserialize)]
pub struct SecurityAndAnalysisSecretScanningDelegatedBypassOptionsReviewersItem {
    pub reviewer_id: i64,
    pub reviewer_type: String,
    pub mode: Option<String>,
}

/// As `models::MinimalRepository`.
#[derive(Debug, Deserialize)]
pub struct MinimalRepository {
    pub id: i64,
    pub node_id: String,
    pub name: String,
    pub full_name: String,
    pub owner: SimpleUser,
    pub private: bool,
    pub html_url: String,
    pub description: Option<String>,
    pub fork: bool,
    pub url: String,
    pub archive_url: String,
    pub assignees_url: String,
    pub blobs_url: String,
    pub branches_url: String,
    pub collaborators_url: String,
    pub comments_url: String,
    pub commits_url: String,
    pub compare_url: String,
    pub contents_url: String,
    pub contributors_url: String,
    pub deployments_url: String,
    pub downloads_url: String,
    pub events_url: String,
    pub forks_url: String,
    pub git_commits_url: String,
    pub git_refs_url: String,
    pub git_tags_url: String,
    pub git_url: Option<String>,
    pub issue_comment_url: String,
    pub issue_events_url: String,
    pub issues_url: String,
    pub keys_url: String,
    pub labels_url: String,
    pub languages_url: String,
    pub merges_url: String,
    pub milestones_url: String,
    pub notifications_url: String,
    pub pulls_url: String,
    pub releases_url: String,
    pub ssh_url: Option<String>,
    pub stargazers_url: String,
    pub statuses_url: String,
    pub subscribers_url: String,
    pub subscription_url: String,
    pub tags_url: String,
    pub teams_url: String,
    pub trees_url: String,
    pub clone_url: Option<String>,
    pub mirror_url: Option<String>,
    pub hooks_url: String,
    pub svn_url: Option<String>,
    pub homepage: Option<String>,
    pub language: Option<String>,
    pub forks_count: Option<i64>,
    pub stargazers_count: Option<i64>,
    pub watchers_count: Option<i64>,
    pub size: Option<i64>,
    pub default_branch: Option<String>,
    pub open_issues_count: Option<i64>,
    pub is_template: Option<bool>,
    pub topics: Option<Vec<String>>,
    pub has_issues: Option<bool>,
    pub has_projects: Option<bool>,
    pub has_wiki: Option<bool>,
    pub has_pages: Option<bool>,
    pub has_downloads: Option<bool>,
    pub has_discussions: Option<bool>,
    pub has_pull_requests: Option<bool>,
    pub pull_request_creation_policy: Option<String>,
    pub archived: Option<bool>,
    pub disabled: Option<bool>,
    pub visibility: Option<String>,
    pub pushed_at: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub permissions: Option<Box<MinimalRepositoryPermissions>>,
    pub role_name: Option<String>,
    pub temp_clone_token: Option<String>,
    pub delete_branch_on_merge: Option<bool>,
    pub subscribers_count: Option<i64>,
    pub network_count: Option<i64>,
    pub code_of_conduct: Option<Box<CodeOfConduct>>,
    pub license: Option<Box<MinimalRepositoryLicense>>,
    pub forks: Option<i64>,
    pub open_issues: Option<i64>,
    pub watchers: Option<i64>,
    pub allow_forking: Option<bool>,
    pub web_commit_signoff_required: Option<bool>,
    pub security_and_analysis: Option<Box<SecurityAndAnalysis>>,
    pub custom_properties: Option<serde_json::Map<String, serde_json::Value>>,
}

/// As `models::MinimalRepositoryPermissions`.
#[derive(Debug, Deserialize)]
pub struct MinimalRepositoryPermissions {
    pub admin: Option<bool>,
    pub maintain: Option<bool>,
    pub push: Option<bool>,
    pub triage: Option<bool>,
    pub pull: Option<bool>,
}

/// As `models::CodeOfConduct`.
#[derive(Debug, Deserialize)]
pub struct CodeOfConduct {
    pub key: String,
    pub name: String,
    pub url: String,
    pub body: Option<String>,
    pub html_url: Option<String>,
}

/// As `models::MinimalRepositoryLicense`.
#[derive(Debug, Deserialize)]
pub struct MinimalRepositoryLicense {
    pub key: Option<String>,
    pub name: Option<String>,
    pub spdx_id: Option<String>,
    pub url: Option<String>,
    pub node_id: Option<String>,
}

/// As `models::Commit`.
#[derive(Debug, Deserialize)]
pub struct Commit {
    pub url: String,
    pub sha: String,
    pub node_id: String,
    pub html_url: String,
    pub comments_url: String,
    pub commit: CommitCommit,
    pub author: Option<Box<SimpleUserOrEmptyObject>>,
    pub committer: Option<Box<CommitCommitter>>,
    pub parents: Vec<CommitParentsItem>,
    pub stats: Option<Box<CommitStats>>,
    pub files: Option<Vec<DiffEntry>>,
}

/// As `models::CommitCommit`.
#[derive(Debug, Deserialize)]
pub struct CommitCommit {
    pub url: String,
    pub author: Option<Box<GitUser>>,
    pub committer: Option<Box<GitUser>>,
    pub message: String,
    pub comment_count: i64,
    pub tree: CommitCommitTree,
    pub verification: Option<Box<Verification>>,
}

/// As `models::GitUser`.
#[derive(Debug, Deserialize)]
pub struct GitUser {
    pub name: Option<String>,
    pub email: Option<String>,
    pub date: Option<String>,
}

/// As `models::CommitCommitTree`.
#[derive(Debug, Deserialize)]
pub struct CommitCommitTree {
    pub sha: String,
    pub url: String,
}

/// As `models::Verification`.
#[derive(Debug, Deserialize)]
pub struct Verification {
    pub verified: bool,
    pub reason: String,
    pub payload: Option<String>,
    pub signature: Option<String>,
    pub verified_at: Option<String>,
}

/// As `models::SimpleUserOrEmptyObject`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum SimpleUserOrEmptyObject {
    SimpleUser(SimpleUser),
    EmptyObject(serde_json::Map<String, serde_json::Value>),
    Other(serde_json::Value),
}

/// As `models::CommitCommitter`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum CommitCommitter {
    SimpleUser(SimpleUser),
    EmptyObject(serde_json::Map<String, serde_json::Value>),
    Other(serde_json::Value),
}

/// As `models::CommitParentsItem`.
#[derive(Debug, Deserialize)]
pub struct CommitParentsItem {
    pub sha: String,
    pub url: String,
    pub html_url: Option<String>,
}

/// As `models::CommitStats`.
#[derive(Debug, Deserialize)]
pub struct CommitStats {
    pub additions: Option<i64>,
    pub deletions: Option<i64>,
    pub total: Option<i64>,
}

/// As `models::DiffEntry`.
#[derive(Debug, Deserialize)]
pub struct DiffEntry {
    pub sha: Option<String>,
    pub filename: String,
    pub status: String,
    pub additions: i64,
    pub deletions: i64,
    pub changes: i64,
    pub blob_url: Option<String>,
    pub raw_url: Option<String>,
    pub contents_url: String,
    pub patch: Option<String>,
    pub previous_filename: Option<String>,
}

/// As `models::SearchIssuesAndPullRequestsResponse`.
#[derive(Debug, Deserialize)]
pub struct SearchIssuesAndPullRequestsResponse {
    pub total_count: i64,
    pub incomplete_results: bool,
    pub items: Vec<IssueSearchResultItem>,
    pub search_type: String,
    pub lexical_fallback_reason: Option<Vec<String>>,
}

/// As `models::IssueSearchResultItem`.
#[derive(Debug, Deserialize)]
pub struct IssueSearchResultItem {
    pub url: String,
    pub repository_url: String,
    pub labels_url: String,
    pub comments_url: String,
    pub events_url: String,
    pub html_url: String,
    pub id: i64,
    pub node_id: String,
    pub number: i64,
    pub title: String,
    pub locked: bool,
    pub active_lock_reason: Option<String>,
    pub assignees: Option<Vec<SimpleUser>>,
    pub user: Option<Box<SimpleUser>>,
    pub labels: Vec<IssueSearchResultItemLabelsItem>,
    pub sub_issues_summary: Option<Box<SubIssuesSummary>>,
    pub issue_dependencies_summary: Option<Box<IssueDependenciesSummary>>,
    pub issue_field_values: Option<Vec<IssueFieldValue>>,
    pub state: String,
    pub state_reason: Option<String>,
    pub assignee: Option<Box<SimpleUser>>,
    pub milestone: Option<Box<Milestone>>,
    pub comments: i64,
    pub created_at: String,
    pub updated_at: String,
    pub closed_at: Option<String>,
    pub text_matches: Option<Vec<SearchResultTextMatchesItem>>,
    pub pull_request: Option<Box<IssueSearchResultItemPullRequest>>,
    pub body: Option<String>,
    pub score: f64,
    pub author_association: String,
    pub draft: Option<bool>,
    pub repository: Option<Box<Repository>>,
    pub body_html: Option<String>,
    pub body_text: Option<String>,
    pub timeline_url: Option<String>,
    pub r#type: Option<Box<IssueType>>,
    pub performed_via_github_app: Option<Box<Integration>>,
    pub pinned_comment: Option<Box<IssueComment>>,
    pub reactions: Option<Box<ReactionRollup>>,
}

/// As `models::IssueSearchResultItemLabelsItem`.
#[derive(Debug, Deserialize)]
pub struct IssueSearchResultItemLabelsItem {
    pub id: Option<i64>,
    pub node_id: Option<String>,
    pub url: Option<String>,
    pub name: Option<String>,
    pub color: Option<String>,
    pub default: Option<bool>,
    pub description: Option<String>,
}

/// As `models::SearchResultTextMatchesItem`.
#[derive(Debug, Deserialize)]
pub struct SearchResultTextMatchesItem {
    pub object_url: Option<String>,
    pub object_type: Option<String>,
    pub property: Option<String>,
    pub fragment: Option<String>,
    pub matches: Option<Vec<SearchResultTextMatchesItemMatchesItem>>,
}

/// As `models::SearchResultTextMatchesItemMatchesItem`.
#[derive(Debug, Deserialize)]
pub struct SearchResultTextMatchesItemMatchesItem {
    pub text: Option<String>,
    pub indices: Option<Vec<i64>>,
}

/// As `models::IssueSearchResultItemPullRequest`.
#[derive(Debug, Deserialize)]
pub struct IssueSearchResultItemPullRequest {
    pub merged_at: Option<String>,
    pub diff_url: Option<String>,
    pub html_url: Option<String>,
    pub patch_url: Option<String>,
    pub url: Option<String>,
}
