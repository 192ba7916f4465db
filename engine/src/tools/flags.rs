//! Reading a program's command line: flags, some followed by a value, and printing a
//! report-writing program's outcome. The arena, referee, calibration and `admiral-why` binaries
//! read theirs with it.

/// The command-line arguments, read flag by flag.
pub struct Flags<'a> {
    args: std::slice::Iter<'a, String>,
    usage_on_missing: Option<&'a str>,
}

impl<'a> Flags<'a> {
    /// Reads `args` (the program's name left out).
    pub fn new(args: &'a [String]) -> Flags<'a> {
        Flags { args: args.iter(), usage_on_missing: None }
    }

    /// Adds `usage` on a new line to the error of a flag missing its value.
    pub fn usage_on_missing(self, usage: &'a str) -> Flags<'a> {
        Flags { usage_on_missing: Some(usage), ..self }
    }

    /// The next flag, if any is left.
    pub fn next_flag(&mut self) -> Option<&'a str> {
        self.args.next().map(String::as_str)
    }

    /// The value that follows `flag`.
    pub fn value(&mut self, flag: &str) -> Result<String, String> {
        self.args.next().cloned().ok_or_else(|| match self.usage_on_missing {
            Some(usage) => format!("{flag} needs a value\n{usage}"),
            None => format!("{flag} needs a value"),
        })
    }

    /// The whole number that follows `flag`.
    pub fn number(&mut self, flag: &str) -> Result<u64, String> {
        let text = self.value(flag)?;
        text.parse::<u64>().map_err(|_| format!("{flag}: `{text}` is not a whole number"))
    }
}

/// Runs a report-printing program's `run` on its command line (the program's name left out):
/// the report goes to stdout and exits 0, an error message to stderr with exit code 2.
pub fn print_report(run: impl FnOnce(&[String]) -> Result<String, String>) -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(report) => {
            print!("{report}");
            std::process::ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            std::process::ExitCode::from(2)
        }
    }
}
