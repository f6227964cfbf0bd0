//! Regenerates `proto/src/gen/` from `proto/proto/sise/**/*.proto` with protox (pure Rust:
//! no system `protoc`) and tonic's prost generator, and writes `SOURCES.sha256`: the hash of
//! every source and generated file, which `sise-proto`'s test compares with the tree so that a
//! changed `.proto` without its regenerated code (or a hand-edited generated file) fails the
//! test command. Run through `bash scripts/gen-proto.sh`.

use std::error::Error;
use std::fs;
use std::path::{Path, PathBuf};

use sha2::{Digest as _, Sha256};

fn main() -> Result<(), Box<dyn Error>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let sources_dir = root.join("proto");
    let mut sources = Vec::new();
    collect(&sources_dir, &mut sources)?;
    sources.sort();
    let relative: Vec<PathBuf> = sources
        .iter()
        .map(|path| path.strip_prefix(&sources_dir).map(Path::to_path_buf))
        .collect::<Result<_, _>>()?;
    let fds = protox::compile(&relative, [&sources_dir])?;

    let out = root.join("src/gen");
    if out.exists() {
        fs::remove_dir_all(&out)?;
    }
    fs::create_dir_all(&out)?;
    tonic_prost_build::configure()
        .out_dir(&out)
        .compile_fds(fds)?;

    let mut generated: Vec<PathBuf> = fs::read_dir(&out)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    generated.sort();
    let mut stamp = String::new();
    for path in sources.iter().chain(&generated) {
        let hash = hex::encode(Sha256::digest(fs::read(path)?));
        let name = path.strip_prefix(&root)?.display().to_string();
        stamp.push_str(&format!("{hash}  {name}\n"));
    }
    fs::write(out.join("SOURCES.sha256"), stamp)?;
    println!("generated {} files from {} sources", generated.len(), sources.len());
    Ok(())
}

fn collect(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, found)?;
        } else if path.extension().is_some_and(|ext| ext == "proto") {
            found.push(path);
        }
    }
    Ok(())
}
