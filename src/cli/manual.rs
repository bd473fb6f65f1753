//! `lanrick completions` and `lanrick manpage`: the shell completion scripts and the
//! manual pages, both generated from the command line's definition ([`super::Cli`]).

use super::{Cli, EXIT_ERROR, EXIT_OK, finish, write_atomically_with};
use clap::{Args, CommandFactory};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The options of `lanrick completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    pub shell: clap_complete::Shell,
}

/// `lanrick completions`: the script on standard output.
pub fn completions(args: CompletionsArgs) -> u8 {
    let mut out = std::io::stdout().lock();
    clap_complete::generate(args.shell, &mut Cli::command(), "lanrick", &mut out);
    finish(out.flush())
}

/// The options of `lanrick manpage`.
#[derive(Args, Debug)]
pub struct ManpageArgs {
    /// Write `lanrick.1` and a page for each subcommand (`lanrick-check.1`, ...)
    /// into this directory instead.
    #[arg(long)]
    pub out_dir: Option<PathBuf>,
}

/// `lanrick manpage`: the page on standard output, or the pages in `--out-dir`.
pub fn manpage(args: ManpageArgs) -> u8 {
    manpages(args.out_dir.as_deref())
}

/// The manual page on standard output, or into `dir` with one page per subcommand
/// (each written atomically; their names are printed).
fn manpages(dir: Option<&Path>) -> u8 {
    let cli = Cli::command();
    let Some(dir) = dir else {
        let mut out = std::io::stdout().lock();
        let page = clap_mangen::Man::new(cli);
        return finish(page.render(&mut out).and_then(|()| out.flush()));
    };
    if let Err(msg) = crate::term::output_dir(dir, false) {
        say!("error: --out-dir: {msg}");
        return EXIT_ERROR;
    }
    let mut pages = vec![("lanrick".to_owned(), cli.clone())];
    for sub in cli.get_subcommands() {
        let page = sub
            .clone()
            .display_name(format!("lanrick-{}", sub.get_name()))
            .bin_name(format!("lanrick {}", sub.get_name()));
        pages.push((format!("lanrick-{}", sub.get_name()), page));
    }
    for (name, page) in pages {
        let path = dir.join(format!("{name}.1"));
        let man =
            clap_mangen::Man::new(page).source(format!("lanrick {}", env!("CARGO_PKG_VERSION")));
        if let Err(msg) = write_atomically_with(&path, |w| man.render(w)) {
            say!("error: {msg}");
            return EXIT_ERROR;
        }
        println!("{}", path.display());
    }
    EXIT_OK
}
