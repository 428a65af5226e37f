/// One of libphonenumber's number patterns, compiled for strings of digits.
///
/// libphonenumber's patterns are regular expressions over digits (`\d`, `[2-9]`, `(?:…|…)`,
/// groups, `?`, `*`, `+`, `{n,m}`, `$`). `NSRegularExpression` would answer the same, but at a
/// few microseconds a match it costs more than the rest of a lookup together; this small
/// backtracking matcher works on digit values (0–9) and keeps Java's leftmost-first semantics,
/// which `lookingAt` and the capture groups of the national-prefix rules depend on.
///
/// ```swift
/// let pattern = try DigitPattern("9\\d{9}")
/// pattern.matches(Digits("9994673756"))   // true
/// ```
struct DigitPattern: Sendable {
    /// The pattern as written in the data, for error messages and sameness checks.
    let source: String
    /// The number of capturing groups.
    let groupCount: Int
    private let program: [Instruction]
    /// Jump targets of the `dispatch` instructions, ten per table (one per digit; -1: no branch).
    private let tables: [Int32]

    init(_ source: String) throws(PatternError) {
        var parser = Parser(bytes: Array(source.utf8))
        let node = try parser.parseAlternation()
        guard parser.position == parser.bytes.count else { throw PatternError(pattern: source, position: parser.position) }
        var compiler = Compiler()
        compiler.emit(node)
        compiler.program.append(Instruction(op: .match, a: 0, b: 0))
        self.source = source
        self.groupCount = parser.groups
        self.program = compiler.program
        self.tables = compiler.tables
    }

    /// True when the whole of `digits` matches (Java's `matches()`).
    func matches(_ digits: Digits) -> Bool {
        run(digits, anchored: true, slots: nil) != nil
    }

    /// The length of the match at the start of `digits` (Java's `lookingAt()`), or nil.
    func prefixMatch(_ digits: Digits) -> Int? {
        run(digits, anchored: false, slots: nil)
    }

    /// A match at the start (`anchored` false) or of the whole (`anchored` true) of `digits`,
    /// with the range of each group (`nil` where a group took no part).
    func match(_ digits: Digits, anchored: Bool) -> (end: Int, groups: [Range<Int>?])? {
        var slots = [Int](repeating: -1, count: 2 * (groupCount + 1))
        guard let end = slots.withUnsafeMutableBufferPointer({ run(digits, anchored: anchored, slots: $0.baseAddress) })
        else { return nil }
        let groups: [Range<Int>?] = (1...max(groupCount, 1)).map { index in
            guard index <= groupCount, slots[2 * index] >= 0, slots[2 * index + 1] >= slots[2 * index] else { return nil }
            return slots[2 * index]..<slots[2 * index + 1]
        }
        return (end, groupCount == 0 ? [] : groups)
    }

    private func run(_ digits: Digits, anchored: Bool, slots: UnsafeMutablePointer<Int>?) -> Int? {
        program.withUnsafeBufferPointer { code in
            tables.withUnsafeBufferPointer { tables in
                digits.values.withUnsafeBufferPointer { input in
                    var end = -1
                    let machine = Machine(code: code.baseAddress!, tables: tables.baseAddress, input: input,
                                          anchored: anchored, slots: slots)
                    return machine.step(pc: 0, position: 0, end: &end) ? end : nil
                }
            }
        }
    }
}

/// One run of a pattern over one input: leftmost-first backtracking, as Java's matcher does.
private struct Machine {
    let code: UnsafePointer<Instruction>
    let tables: UnsafePointer<Int32>?
    let input: UnsafeBufferPointer<UInt8>
    let anchored: Bool
    let slots: UnsafeMutablePointer<Int>?

    func step(pc start: Int, position from: Int, end: inout Int) -> Bool {
        var pc = start
        var position = from
        while true {
            let instruction = code[pc]
            switch instruction.op {
            case .digits:
                guard position < input.count, instruction.a & (1 << Int32(input[position])) != 0 else { return false }
                position += 1
                pc += 1
            case .jump:
                pc = Int(instruction.a)
            case .dispatch:
                guard position < input.count, let tables else { return false }
                let target = tables[Int(instruction.a) + Int(input[position])]
                guard target >= 0 else { return false }
                pc = Int(target)
            case .split:
                if step(pc: Int(instruction.a), position: position, end: &end) { return true }
                pc = Int(instruction.b)
            case .save:
                guard let slots else { pc += 1; continue }
                let slot = Int(instruction.a)
                let old = slots[slot]
                slots[slot] = position
                if step(pc: pc + 1, position: position, end: &end) { return true }
                slots[slot] = old
                return false
            case .end:
                guard position == input.count else { return false }
                pc += 1
            case .match:
                guard !anchored || position == input.count else { return false }
                end = position
                return true
            }
        }
    }
}

/// A pattern in the numbering data that the matcher does not understand.
struct PatternError: Error, Sendable, CustomStringConvertible {
    let pattern: String
    let position: Int
    var description: String { "unsupported pattern at offset \(position): \(pattern)" }
}

private struct Instruction: Sendable {
    enum Op: UInt8, Sendable { case digits, split, jump, dispatch, save, end, match }
    var op: Op
    var a: Int32
    var b: Int32
}

private indirect enum Node {
    case set(UInt16)
    case sequence([Node])
    case alternation([Node])
    case group(Node, capture: Int?)
    case repetition(Node, min: Int, max: Int?)
    case end
}

private struct Parser {
    let bytes: [UInt8]
    var position = 0
    var groups = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func error() -> PatternError {
        PatternError(pattern: String(decoding: bytes, as: UTF8.self), position: position)
    }

    mutating func parseAlternation() throws(PatternError) -> Node {
        var branches = [try parseSequence()]
        while current == UInt8(ascii: "|") {
            position += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence() throws(PatternError) -> Node {
        var items: [Node] = []
        while let byte = current, byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
            let atom = try parseAtom()
            items.append(try parseQuantifier(atom))
        }
        return .sequence(items)
    }

    private mutating func parseAtom() throws(PatternError) -> Node {
        guard let byte = current else { throw error() }
        position += 1
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .set(1 << UInt16(byte - 48))
        case UInt8(ascii: "\\"):
            guard current == UInt8(ascii: "d") else { throw error() }
            position += 1
            return .set(0x3FF)
        case UInt8(ascii: "["):
            return try parseClass()
        case UInt8(ascii: "$"):
            return .end
        case UInt8(ascii: "("):
            var capture: Int?
            if current == UInt8(ascii: "?") {
                guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ":") else { throw error() }
                position += 2
            } else {
                groups += 1
                capture = groups
            }
            let inner = try parseAlternation()
            guard current == UInt8(ascii: ")") else { throw error() }
            position += 1
            return .group(inner, capture: capture)
        default:
            position -= 1
            throw error()
        }
    }

    private mutating func parseClass() throws(PatternError) -> Node {
        var mask: UInt16 = 0
        while let byte = current, byte != UInt8(ascii: "]") {
            position += 1
            let low: UInt8
            if byte == UInt8(ascii: "\\"), current == UInt8(ascii: "d") {
                position += 1
                mask |= 0x3FF
                continue
            }
            guard (48...57).contains(byte) else { throw error() }
            low = byte - 48
            if current == UInt8(ascii: "-"), position + 1 < bytes.count, (48...57).contains(bytes[position + 1]) {
                let high = bytes[position + 1] - 48
                position += 2
                guard low <= high else { throw error() }
                for digit in low...high { mask |= 1 << UInt16(digit) }
            } else {
                mask |= 1 << UInt16(low)
            }
        }
        guard current == UInt8(ascii: "]") else { throw error() }
        position += 1
        return .set(mask)
    }

    private mutating func parseQuantifier(_ atom: Node) throws(PatternError) -> Node {
        guard let byte = current else { return atom }
        switch byte {
        case UInt8(ascii: "?"): position += 1; return .repetition(atom, min: 0, max: 1)
        case UInt8(ascii: "*"): position += 1; return .repetition(atom, min: 0, max: nil)
        case UInt8(ascii: "+"): position += 1; return .repetition(atom, min: 1, max: nil)
        case UInt8(ascii: "{"):
            position += 1
            let low = try number()
            var high: Int? = low
            if current == UInt8(ascii: ",") {
                position += 1
                high = current == UInt8(ascii: "}") ? nil : try number()
            }
            guard current == UInt8(ascii: "}") else { throw error() }
            position += 1
            return .repetition(atom, min: low, max: high)
        default:
            return atom
        }
    }

    private mutating func number() throws(PatternError) -> Int {
        var value = 0
        var seen = false
        while let byte = current, (48...57).contains(byte) {
            value = value * 10 + Int(byte - 48)
            position += 1
            seen = true
        }
        guard seen else { throw error() }
        return value
    }
}

private struct Compiler {
    var program: [Instruction] = []
    var tables: [Int32] = []

    private var here: Int32 { Int32(program.count) }

    private mutating func placeholder() -> Int {
        program.append(Instruction(op: .split, a: 0, b: 0))
        return program.count - 1
    }

    /// The digits a match of `node` can start with, and whether it can match nothing.
    static func first(_ node: Node) -> (mask: UInt16, nullable: Bool) {
        switch node {
        case .set(let mask): return (mask, false)
        case .end: return (0, true)
        case .group(let inner, _): return first(inner)
        case .repetition(let inner, let min, _):
            let (mask, nullable) = first(inner)
            return (mask, nullable || min == 0)
        case .alternation(let branches):
            return branches.map(first).reduce((0, false)) { ($0.0 | $1.0, $0.1 || $1.1) }
        case .sequence(let items):
            var mask: UInt16 = 0
            for item in items {
                let (itemMask, nullable) = first(item)
                mask |= itemMask
                if !nullable { return (mask, false) }
            }
            return (mask, true)
        }
    }

    /// An alternation whose branches all start with a digit: one table lookup on the next digit
    /// picks the branches that can match (in order), instead of trying each in turn.
    private mutating func emitDispatch(_ branches: [Node]) {
        let table = tables.count
        tables += Array(repeating: -1, count: 10)
        program.append(Instruction(op: .dispatch, a: Int32(table), b: 0))
        var starts: [Int32] = []
        var jumps: [Int] = []
        for branch in branches {
            starts.append(here)
            emit(branch)
            jumps.append(program.count)
            program.append(Instruction(op: .jump, a: 0, b: 0))
        }
        let masks = branches.map { Self.first($0).mask }
        for digit in 0..<10 {
            let accepting = masks.indices.filter { masks[$0] & (1 << UInt16(digit)) != 0 }
            guard let last = accepting.last else { continue }
            if accepting.count == 1 {
                tables[table + digit] = starts[last]
                continue
            }
            tables[table + digit] = here
            for index in accepting.dropLast() {
                program.append(Instruction(op: .split, a: starts[index], b: here + 1))
            }
            program.append(Instruction(op: .jump, a: starts[last], b: 0))
        }
        for jump in jumps { program[jump].a = here }
    }

    mutating func emit(_ node: Node) {
        switch node {
        case .set(let mask):
            program.append(Instruction(op: .digits, a: Int32(mask), b: 0))
        case .end:
            program.append(Instruction(op: .end, a: 0, b: 0))
        case .sequence(let items):
            for item in items { emit(item) }
        case .group(let inner, let capture):
            if let capture { program.append(Instruction(op: .save, a: Int32(2 * capture), b: 0)) }
            emit(inner)
            if let capture { program.append(Instruction(op: .save, a: Int32(2 * capture + 1), b: 0)) }
        case .alternation(let branches) where branches.count >= 3 && branches.allSatisfy({ !Self.first($0).nullable }):
            emitDispatch(branches)
        case .alternation(let branches):
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index == branches.count - 1 {
                    emit(branch)
                } else {
                    let split = placeholder()
                    program[split].a = here
                    emit(branch)
                    jumps.append(program.count)
                    program.append(Instruction(op: .jump, a: 0, b: 0))
                    program[split].b = here
                }
            }
            for jump in jumps { program[jump].a = here }
        case .repetition(let inner, let min, let max):
            for _ in 0..<min { emit(inner) }
            if let max {
                var splits: [Int] = []
                for _ in min..<max {
                    let split = placeholder()
                    program[split].a = here
                    splits.append(split)
                    emit(inner)
                }
                for split in splits { program[split].b = here }
            } else {
                let split = placeholder()
                program[split].a = here
                emit(inner)
                program.append(Instruction(op: .jump, a: Int32(split), b: 0))
                program[split].b = here
            }
        }
    }
}
