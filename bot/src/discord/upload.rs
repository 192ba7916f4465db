//! Reading an uploaded layout file: its size, its encoding, and whether it is text at all.
//!
//! A layout file is a short plain-text grid. Editors save it as UTF-8 (with or without a
//! byte-order mark) or, on Windows, as UTF-16 with a byte-order mark; both are read. Anything
//! else is refused in one clear sentence before the layout parser sees it, so that a picture
//! or a Windows-1251 file never turns into a screen of "`��` is not a unit code" lines.

use admiral_engine::Language;

use super::i18n::tr;

/// The largest layout file read (a full layout with comments is about 1 KiB).
pub const MAX_BYTES: u64 = 64 * 1024;

/// Why an uploaded file could not be read as a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileProblem {
    /// Larger than [`MAX_BYTES`].
    TooLarge {
        /// The file's size in bytes.
        size: u64,
    },
    /// Not text: a picture, an archive, a document or other binary data.
    NotText,
    /// Text in an encoding other than UTF-8 or UTF-16 with a byte-order mark.
    Encoding,
    /// Discord did not hand the file over.
    Download(String),
}

impl FileProblem {
    /// The one-line explanation for the player.
    pub fn message(&self, l: Language) -> String {
        match self {
            FileProblem::TooLarge { size } => {
                tr!(l, "err-file-too-large", size = kib(*size), limit = kib(MAX_BYTES))
            }
            FileProblem::NotText => tr!(l, "err-file-not-text"),
            FileProblem::Encoding => tr!(l, "err-file-encoding"),
            FileProblem::Download(reason) => tr!(l, "err-file", reason = reason),
        }
    }
}

/// A size in KiB, rounded up, for messages.
fn kib(bytes: u64) -> String {
    format!("{} KiB", bytes.div_ceil(1024))
}

/// Signatures of common binary formats people upload by mistake (pictures, PDF, archives,
/// office documents).
const BINARY_SIGNATURES: &[&[u8]] =
    &[b"\x89PNG", b"\xFF\xD8\xFF", b"GIF8", b"%PDF", b"PK\x03\x04", b"RIFF", b"\xD0\xCF\x11\xE0", b"BM"];

/// Decodes a layout file's bytes: UTF-8 (a byte-order mark is dropped) or UTF-16 with a
/// byte-order mark; refuses binary data and other encodings.
pub fn decode(bytes: &[u8]) -> Result<String, FileProblem> {
    if bytes.len() as u64 > MAX_BYTES {
        return Err(FileProblem::TooLarge { size: bytes.len() as u64 });
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return utf16(rest, u16::from_le_bytes);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return utf16(rest, u16::from_be_bytes);
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if BINARY_SIGNATURES.iter().any(|sig| bytes.starts_with(sig) && !is_plain_text(bytes)) {
        return Err(FileProblem::NotText);
    }
    if looks_like_bomless_utf16(bytes) {
        // Text, but in an encoding we do not guess.
        return Err(FileProblem::Encoding);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) if text.chars().all(is_text_char) => Ok(text.to_string()),
        Ok(_) => Err(FileProblem::NotText),
        Err(_) if bytes.contains(&0) => Err(FileProblem::NotText),
        Err(_) => Err(FileProblem::Encoding),
    }
}

fn utf16(rest: &[u8], word: fn([u8; 2]) -> u16) -> Result<String, FileProblem> {
    if rest.len() % 2 != 0 {
        return Err(FileProblem::Encoding);
    }
    let units: Vec<u16> = rest.chunks_exact(2).map(|c| word([c[0], c[1]])).collect();
    let text = String::from_utf16(&units).map_err(|_| FileProblem::Encoding)?;
    if text.chars().all(is_text_char) {
        Ok(text)
    } else {
        Err(FileProblem::NotText)
    }
}

/// Characters a text file may hold: anything printable, tabs and line ends.
fn is_text_char(c: char) -> bool {
    !c.is_control() || matches!(c, '\n' | '\r' | '\t' | '\u{c}')
}

/// A short signature such as `BM` may begin a real layout line; the signature only counts when
/// the file is not clean text.
fn is_plain_text(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(|t| t.chars().all(is_text_char))
}

/// ASCII text saved as UTF-16 without a byte-order mark: every other byte is zero.
fn looks_like_bomless_utf16(bytes: &[u8]) -> bool {
    let pairs = bytes.len() / 2;
    pairs >= 2 && {
        let zero_high = bytes.chunks_exact(2).filter(|c| c[1] == 0 && c[0] != 0).count();
        let zero_low = bytes.chunks_exact(2).filter(|c| c[0] == 0 && c[1] != 0).count();
        zero_high.max(zero_low) * 10 >= pairs * 9
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: &str = "# my fleet\nCR CR . .\n";

    fn utf16_with_bom(text: &str, big_endian: bool) -> Vec<u8> {
        let mut out = if big_endian { vec![0xFE, 0xFF] } else { vec![0xFF, 0xFE] };
        for unit in text.encode_utf16() {
            out.extend(if big_endian { unit.to_be_bytes() } else { unit.to_le_bytes() });
        }
        out
    }

    #[test]
    fn utf8_with_and_without_a_byte_order_mark() {
        assert_eq!(decode(GRID.as_bytes()).unwrap(), GRID);
        let with_bom = [b"\xEF\xBB\xBF".as_slice(), GRID.as_bytes()].concat();
        assert_eq!(decode(&with_bom).unwrap(), GRID);
        let russian = "КР КР . .\r\n";
        assert_eq!(decode(russian.as_bytes()).unwrap(), russian);
    }

    #[test]
    fn utf16_with_a_byte_order_mark_is_read_both_ways() {
        let text = "КР КР . .\r\nCR . . .\r\n";
        assert_eq!(decode(&utf16_with_bom(text, false)).unwrap(), text);
        assert_eq!(decode(&utf16_with_bom(text, true)).unwrap(), text);
    }

    #[test]
    fn other_encodings_are_refused_in_one_problem() {
        // "КР КР" in Windows-1251.
        assert_eq!(decode(b"\xCA\xD0 \xCA\xD0 . .\n"), Err(FileProblem::Encoding));
        // UTF-16 without a byte-order mark.
        let bomless: Vec<u8> = "CR CR . .\n".encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(decode(&bomless), Err(FileProblem::Encoding));
    }

    #[test]
    fn binary_files_are_not_text() {
        let png = [b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".as_slice(), &[0u8; 64]].concat();
        assert_eq!(decode(&png), Err(FileProblem::NotText));
        assert_eq!(decode(b"%PDF-1.7\n\x00\x01\x02"), Err(FileProblem::NotText));
        assert_eq!(decode(b"CR CR\0\0 . ."), Err(FileProblem::NotText));
        // A layout line that happens to begin like a signature is still text.
        assert_eq!(decode(b"BM . .\n").unwrap(), "BM . .\n");
    }

    #[test]
    fn too_large_files_name_the_limit() {
        let big = vec![b'.'; MAX_BYTES as usize + 1];
        let problem = decode(&big).unwrap_err();
        assert_eq!(problem, FileProblem::TooLarge { size: MAX_BYTES + 1 });
        let text = problem.message(Language::En);
        assert!(text.contains("65 KiB") && text.contains("64 KiB"), "{text}");
        assert!(problem.message(Language::Ru).contains("64 KiB"));
    }
}
