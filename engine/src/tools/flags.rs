//! Reading a program's command line: flags, some followed by a value. The arena and referee
//! binaries read theirs with it.

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
