//! Placeholder names that are not snake_case identifiers give fields without
//! warnings.
#![deny(warnings)]

use endpoint::endpoint;

endpoint! {
    /// camelCase, hyphens, dots, keywords, leading digits.
    pub struct Names = "GET /x/{perPage}/{Owner}/{enterprise-team}/{a.b}/{type}/{self}/{1st}";
}

fn main() {
    let names = Names {
        per_page: "1".into(),
        owner: "o".into(),
        enterprise_team: "t".into(),
        a_b: "ab".into(),
        r#type: "ty".into(),
        self_: "s".into(),
        _1st: "1".into(),
    };
    let _ = names.to_request();
}
