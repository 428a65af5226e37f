/// kitty's Unicode placeholders: a picture drawn as text, so it survives where escape sequences
/// placed at a cursor do not (inside tmux). The image is sent once with a virtual placement
/// (`U=1`) of `c` x `r` cells; each cell showing it is U+10EEEE with two combining diacritics,
/// the cell's row and column within the picture, in a foreground colour that is the image id.
enum KittyPlaceholders {
    /// The placeholder character.
    static let placeholder: Unicode.Scalar = "\u{10EEEE}"

    /// The diacritics that number rows and columns, in order (0, 1, 2...): the combining marks of
    /// class 230 in Unicode 6.0 that have no decomposition, less a few that fuse in
    /// normalisation (the list of the kitty graphics protocol), as ranges.
    static let diacritics: [Unicode.Scalar] = {
        let ranges: [ClosedRange<UInt32>] = [
            0x0305...0x0305, 0x030D...0x030E, 0x0310...0x0310, 0x0312...0x0312, 0x033D...0x033F,
            0x0346...0x0346, 0x034A...0x034C, 0x0350...0x0352, 0x0357...0x0357, 0x035B...0x035B,
            0x0363...0x036F, 0x0483...0x0487, 0x0592...0x0595, 0x0597...0x0599, 0x059C...0x05A1,
            0x05A8...0x05A9, 0x05AB...0x05AC, 0x05AF...0x05AF, 0x05C4...0x05C4, 0x0610...0x0617,
            0x0657...0x065B, 0x065D...0x065E, 0x06D6...0x06DC, 0x06DF...0x06E2, 0x06E4...0x06E4,
            0x06E7...0x06E8, 0x06EB...0x06EC, 0x0730...0x0730, 0x0732...0x0733, 0x0735...0x0736,
            0x073A...0x073A, 0x073D...0x073D, 0x073F...0x0741, 0x0743...0x0743, 0x0745...0x0745,
            0x0747...0x0747, 0x0749...0x074A, 0x07EB...0x07F1, 0x07F3...0x07F3, 0x0816...0x0819,
            0x081B...0x0823, 0x0825...0x0827, 0x0829...0x082D, 0x0951...0x0951, 0x0953...0x0954,
            0x0F82...0x0F83, 0x0F86...0x0F87, 0x135D...0x135F, 0x17DD...0x17DD, 0x193A...0x193A,
            0x1A17...0x1A17, 0x1A75...0x1A7C, 0x1B6B...0x1B6B, 0x1B6D...0x1B73, 0x1CD0...0x1CD2,
            0x1CDA...0x1CDB, 0x1CE0...0x1CE0, 0x1DC0...0x1DC1, 0x1DC3...0x1DC9, 0x1DCB...0x1DCC,
            0x1DD1...0x1DE6, 0x1DFE...0x1DFE, 0x20D0...0x20D1, 0x20D4...0x20D7, 0x20DB...0x20DC,
            0x20E1...0x20E1, 0x20E7...0x20E7, 0x20E9...0x20E9, 0x20F0...0x20F0, 0x2CEF...0x2CF1,
            0x2DE0...0x2DFF, 0xA66F...0xA66F, 0xA67C...0xA67D, 0xA6F0...0xA6F1, 0xA8E0...0xA8F1,
            0xAAB0...0xAAB0, 0xAAB2...0xAAB3, 0xAAB7...0xAAB8, 0xAABE...0xAABF, 0xAAC1...0xAAC1,
            0xFE20...0xFE26, 0x10A0F...0x10A0F, 0x10A38...0x10A38, 0x1D185...0x1D189,
            0x1D1AA...0x1D1AD, 0x1D242...0x1D244,
        ]
        return ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }
    }()

    /// Image ids: the placeholder's foreground is `38;5;id`, an indexed colour that tmux passes on
    /// as it is whatever it knows of the outer terminal's colours (24-bit ones it may round).
    static let ids: ClosedRange<Int> = 16...255

    /// The grapheme of the cell at `row`, `column` of a picture; nil beyond what diacritics number.
    static func cell(row: Int, column: Int) -> String? {
        guard diacritics.indices.contains(row), diacritics.indices.contains(column) else { return nil }
        var text = String(Character(placeholder))
        text.unicodeScalars.append(diacritics[row])
        text.unicodeScalars.append(diacritics[column])
        return text
    }

    /// The row and column a placeholder grapheme names; nil for any other text.
    static func position(of grapheme: String) -> (row: Int, column: Int)? {
        let scalars = Array(grapheme.unicodeScalars)
        guard scalars.count >= 3, scalars[0] == placeholder,
              let row = diacritics.firstIndex(of: scalars[1]), let column = diacritics.firstIndex(of: scalars[2])
        else { return nil }
        return (row, column)
    }

    /// Makes a virtual placement of image `id`, `cells` large, shown wherever its placeholders are.
    static func virtualPlacement(id: Int, cells: TerminalSize, into output: inout [UInt8]) {
        output += Array("\u{1b}_Ga=p,U=1,i=\(id),c=\(cells.columns),r=\(cells.rows),q=2\u{1b}\\".utf8)
    }
}

/// tmux's passthrough: an escape sequence for the terminal outside tmux, wrapped in
/// `ESC P tmux; ... ESC \` with each ESC inside doubled (tmux needs `allow-passthrough on`).
enum TmuxPassthrough {
    /// `bytes` with every APC sequence in it (`ESC _ ... ESC \`) wrapped on its own; other bytes as they are.
    static func wrapSequences(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 64 + 16)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "_") else {
                output.append(bytes[index])
                index += 1
                continue
            }
            var end = index + 2
            while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
            output += Array("\u{1b}Ptmux;".utf8)
            for byte in bytes[index..<min(bytes.count, end + 2)] {
                if byte == 0x1B { output.append(0x1B) }
                output.append(byte)
            }
            output += [0x1B, UInt8(ascii: "\\")]
            index = end + 2
        }
        return output
    }
}
