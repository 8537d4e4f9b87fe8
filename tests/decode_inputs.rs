//! Every input of the `decode/…` benchmarks (`benches/fixtures/decode/`)
//! decodes into the answer type that `endpoint-github` declares for its
//! operation and into the hand-written floor (`benches/support/floor.rs`),
//! through the benchmark's own entry point, and both keep the same items.

#[path = "../benches/support/floor.rs"]
mod floor;

#[path = "../benches/support/decode_inputs.rs"]
mod inputs;

use serde::de::DeserializeOwned;
use serde_json::Value;

use inputs::decode;

/// Decodes each input three ways and records its name.
struct Check(Vec<&'static str>);

impl inputs::Each for Check {
    fn input<G: DeserializeOwned, H: DeserializeOwned>(
        &mut self,
        name: &'static str,
        bytes: Vec<u8>,
    ) {
        let value: Value = decode(&bytes).unwrap_or_else(|err| panic!("{name} as JSON: {err}"));
        if let Err(err) = decode::<G>(&bytes) {
            panic!("{name} as {}: {err}", std::any::type_name::<G>());
        }
        if let Err(err) = decode::<H>(&bytes) {
            panic!("{name} as {}: {err}", std::any::type_name::<H>());
        }
        // The pages hold as many items as their README says.
        let items = match &value {
            Value::Array(items) => items.len(),
            Value::Object(object) => match object.get("items") {
                Some(Value::Array(items)) => items.len(),
                _ => 1,
            },
            _ => panic!("{name} is neither a list nor an object"),
        };
        let expected = match name {
            "issues_page" | "search_issues_page" => 30,
            "repositories_page" | "commits_page" => 100,
            _ => 1,
        };
        assert_eq!(items, expected, "{name}");
        self.0.push(name);
    }
}

#[test]
fn every_input_decodes_into_its_types() {
    let mut check = Check(Vec::new());
    inputs::for_each(&mut check);
    assert_eq!(check.0, inputs::NAMES);
}

/// The generated types keep what they decoded: one field of each input,
/// through the model's accessors.
#[test]
fn the_generated_types_keep_the_text() {
    use endpoint_github::models;

    let issues: Vec<models::Issue> = decode(&inputs::load("issues_page")).unwrap();
    assert_eq!(issues[0].number, 13);
    assert_eq!(
        issues[0].created_at.as_str().len(),
        "2022-07-19T04:38:46Z".len()
    );
    let search: models::SearchIssuesAndPullRequestsResponse =
        decode(&inputs::load("search_issues_page")).unwrap();
    assert_eq!(search.total_count, 30);
    let repository: models::FullRepository = decode(&inputs::load("full_repository")).unwrap();
    assert_eq!(repository.full_name, "octokit-fixture-org/hello-world");
}

/// A commit's `author` and `committer` (a user, or an empty object; the
/// user decoded in one pass) keep every user of the page as it was sent.
#[test]
fn the_commits_keep_their_users() {
    use endpoint_github::models;

    let bytes = inputs::load("commits_page");
    let commits: Vec<models::Commit> = decode(&bytes).unwrap();
    let value: Value = decode(&bytes).unwrap();
    let Value::Array(items) = value else {
        panic!("the commits page is a list")
    };
    assert_eq!(commits.len(), items.len());
    let mut users = 0;
    for (commit, item) in commits.iter().zip(&items) {
        for (decoded, key) in [
            (commit.author.value(), "author"),
            (commit.committer.value(), "committer"),
        ] {
            let sent = &item[key];
            match decoded.map(|user| &**user) {
                None => assert!(sent.is_null(), "{key} of {}", commit.sha),
                Some(models::SimpleUserOrEmptyObject::SimpleUser(user)) => {
                    users += 1;
                    // Every key sent is kept, with its value.
                    let kept = serde_json::to_value(user).unwrap();
                    for (name, value) in sent.as_object().unwrap() {
                        assert_eq!(&kept[name], value, "{key}.{name} of {}", commit.sha);
                    }
                }
                Some(other) => panic!("{key} of {} decoded as {other:?}", commit.sha),
            }
        }
    }
    assert!(users > 100, "{users} users");
}
