//! What an uploaded file really is: PNG and GIF files are decoded completely (signature,
//! header, every chunk or frame), so a truncated or mislabelled picture is caught.

use std::io::Cursor;

/// The kind of an attachment, as decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Media {
    /// A PNG picture.
    Png {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// A GIF (animated or not).
    Gif {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
        /// Number of frames.
        frames: u32,
    },
    /// Any other file (text, JSON).
    Other,
}

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// Decodes a file by its content and checks that its name says the same. `Err` says what is
/// wrong (a picture that does not decode, a `.png` that is not a PNG, an empty file).
pub fn inspect(filename: &str, bytes: &[u8]) -> Result<Media, String> {
    if bytes.is_empty() {
        return Err(format!("{filename}: empty file"));
    }
    let lower = filename.to_ascii_lowercase();
    let media = if bytes.starts_with(PNG_SIGNATURE) {
        decode_png(bytes).map_err(|e| format!("{filename}: broken PNG: {e}"))?
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        decode_gif(bytes).map_err(|e| format!("{filename}: broken GIF: {e}"))?
    } else {
        Media::Other
    };
    let named = if lower.ends_with(".png") {
        Some("png")
    } else if lower.ends_with(".gif") {
        Some("gif")
    } else {
        None
    };
    match (named, &media) {
        (Some("png"), Media::Png { .. }) | (Some("gif"), Media::Gif { .. }) | (None, Media::Other) => {
            Ok(media)
        }
        (Some(n), _) => Err(format!("{filename}: named .{n} but the content is {media:?}")),
        (None, _) => Err(format!("{filename}: a picture without a picture's name")),
    }
}

fn decode_png(bytes: &[u8]) -> Result<Media, png::DecodingError> {
    let mut reader = png::Decoder::new(Cursor::new(bytes)).read_info()?;
    let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader.next_frame(&mut buf)?;
    reader.finish()?;
    Ok(Media::Png { width: info.width, height: info.height })
}

fn decode_gif(bytes: &[u8]) -> Result<Media, String> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(Cursor::new(bytes)).map_err(|e| e.to_string())?;
    let (width, height) = (decoder.width() as u32, decoder.height() as u32);
    let mut frames = 0;
    while decoder.read_next_frame().map_err(|e| e.to_string())?.is_some() {
        frames += 1;
    }
    if frames == 0 {
        return Err("no frame".into());
    }
    Ok(Media::Gif { width, height, frames })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny_png() -> Vec<u8> {
        let mut out = Vec::new();
        let mut enc = png::Encoder::new(&mut out, 2, 1);
        enc.set_color(png::ColorType::Rgb);
        enc.write_header().unwrap().write_image_data(&[1, 2, 3, 4, 5, 6]).unwrap();
        out
    }

    #[test]
    fn pictures_are_decoded_and_named_right() {
        let png = tiny_png();
        assert_eq!(inspect("board.png", &png), Ok(Media::Png { width: 2, height: 1 }));
        assert!(inspect("board.gif", &png).is_err());
        assert!(inspect("board.png", &png[..png.len() - 20]).is_err(), "truncated");
        assert!(inspect("board.png", b"not a picture").is_err());
        assert!(inspect("board.png", b"").is_err());
        assert_eq!(inspect("layout.txt", b"CR CR"), Ok(Media::Other));
    }
}
