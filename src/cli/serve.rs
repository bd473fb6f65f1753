//! `lanrick serve`: its options, reading the files it was given (the server reads no
//! file itself), and starting the browser board (`src/serve/`).

use super::{EXIT_ERROR, read_and_parse, read_source};
use clap::Args;
use std::path::PathBuf;

/// The options of `lanrick serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Game files to open on the page (analysis, puzzles); no other file is read.
    pub files: Vec<PathBuf>,
    /// The port to listen on (0: any free port, printed at the start).
    #[arg(long, default_value_t = 8079)]
    pub port: u16,
    /// The address to bind. The default, 127.0.0.1, is reachable from this machine
    /// only; another address lets other machines play (a warning says so).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The most games (browser tabs) live at once.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub max_games: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
}

/// `lanrick serve`: serves until killed; 2 when a file cannot be read or the address
/// cannot be bound.
pub fn run(args: ServeArgs) -> u8 {
    let mut files = Vec::new();
    for path in &args.files {
        let name = path.display().to_string();
        match read_and_parse(&name, read_source(path), false) {
            Ok((text, _)) => files.push(crate::serve::Source { name, text }),
            Err(code) => return code,
        }
    }
    let loopback = matches!(args.host.as_str(), "127.0.0.1" | "localhost" | "::1");
    if !loopback {
        say!(
            "warning: --host {}: other machines that reach this address can open games here; lanrick serve has no login",
            args.host
        );
    }
    let config = crate::serve::Config {
        host: args.host.clone(),
        port: args.port,
        max_games: usize::from(args.max_games),
        files,
        ..crate::serve::Config::default()
    };
    let running = match crate::serve::start(config) {
        Ok(r) => r,
        Err(e) => {
            say!("error: {e}");
            return EXIT_ERROR;
        }
    };
    let url = running.url();
    println!("lanrick serve: {url}");
    if args.open {
        open_browser(&url);
    }
    running.wait();
    super::EXIT_OK
}

/// Opens `url` with the desktop's opener, if there is one (failures are only told).
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        say!("note: cannot open a browser ({opener}: {e}); open {url}");
    }
}
