//! The generated code is current: an integration test, not a unit test of the library, so
//! that the test build does not compile the whole generated code a second time.

use std::path::Path;

use sha2::{Digest as _, Sha256};

/// Every source and generated file still has the hash `scripts/gen-proto.sh` wrote: a
/// `.proto` changed without regenerating, a generated file edited by hand, or a file added
/// or removed on either side fails here.
#[test]
fn generated_code_is_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let stamp = std::fs::read_to_string(root.join("src/gen/SOURCES.sha256")).expect("the stamp");
    let mut stamped: Vec<&str> = Vec::new();
    for line in stamp.lines() {
        let (hash, name) = line.split_once("  ").expect("hash  name");
        let bytes = std::fs::read(root.join(name))
            .unwrap_or_else(|e| panic!("{name} is gone ({e}): run bash scripts/gen-proto.sh"));
        let now = hex::encode(Sha256::digest(bytes));
        assert_eq!(now, hash, "{name} changed: run bash scripts/gen-proto.sh");
        stamped.push(name);
    }
    let mut present = Vec::new();
    list(&root.join("proto"), "proto", &mut present);
    list(&root.join("src/gen"), "src/gen", &mut present);
    present.retain(|name| !name.ends_with("SOURCES.sha256"));
    present.sort();
    stamped.sort_unstable();
    assert_eq!(
        present, stamped,
        "files added or removed: run bash scripts/gen-proto.sh"
    );
}

fn list(dir: &Path, prefix: &str, found: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("read dir") {
        let entry = entry.expect("entry");
        let name = format!("{prefix}/{}", entry.file_name().to_string_lossy());
        if entry.path().is_dir() {
            list(&entry.path(), &name, found);
        } else if name.ends_with(".proto") || name.starts_with("src/gen/") {
            found.push(name);
        }
    }
}
