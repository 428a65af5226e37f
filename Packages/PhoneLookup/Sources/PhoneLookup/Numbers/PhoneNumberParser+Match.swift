/// libphonenumber's `isNumberMatch` over two texts: each read with a calling code where it has
/// one, a text without one read in the other's region (an exact answer then counts as a match of
/// national numbers only), two texts without one compared as they are.
extension PhoneNumberParser {
    /// The fields libphonenumber compares: calling code (0: none), the national number's value,
    /// its leading zeros, the extension.
    private struct Core: Equatable {
        var callingCode: Int
        var national: String
        var leadingZeros: Int
        var phoneExtension: String?

        init(callingCode: Int, digits: String, phoneExtension: String?) {
            self.callingCode = callingCode
            self.phoneExtension = phoneExtension
            // libphonenumber keeps the number as an integer and its leading zeros apart ("Italian leading zero").
            var zeros = 0
            if digits.count > 1, digits.first == "0" {
                zeros = 1
                let characters = Array(digits)
                while zeros < characters.count - 1, characters[zeros] == "0" { zeros += 1 }
            }
            leadingZeros = zeros
            let value = digits.drop { $0 == "0" }
            national = value.isEmpty ? "0" : String(value)
        }
    }

    /// Why a text could not be read for comparing: it has no calling code, or something else is wrong.
    private enum ReadFailure: Error { case noCallingCode, notANumber }

    /// How alike `first` and `second` are; nil when either is no phone number at all
    /// (libphonenumber's `NOT_A_NUMBER`).
    package func match(_ first: String, _ second: String) -> NumberMatch? {
        switch Result(catching: { () throws(ReadFailure) in try core(first, region: nil) }) {
        case .success(let one): return match(one, second)
        case .failure(.notANumber): return nil
        case .failure(.noCallingCode): break
        }
        switch Result(catching: { () throws(ReadFailure) in try core(second, region: nil) }) {
        case .success(let other): return match(other, first)
        case .failure(.notANumber): return nil
        case .failure(.noCallingCode):
            guard let one = try? bare(first), let other = try? bare(second) else { return nil }
            return compare(one, other)
        }
    }

    private func match(_ first: Core, _ second: String) -> NumberMatch? {
        switch Result(catching: { () throws(ReadFailure) in try core(second, region: nil) }) {
        case .success(let other): return compare(first, other)
        case .failure(.notANumber): return nil
        case .failure(.noCallingCode): break
        }
        guard let region = plan.metadata.mainTerritory(forCallingCode: first.callingCode)?.id else {
            return (try? bare(second)).map { compare(first, $0) }
        }
        // libphonenumber cannot parse a number in the non-geographic "region" 001.
        guard region != "001", let other = try? core(second, region: region) else { return nil }
        let answer = compare(first, other)
        return answer == .exact ? .nationalNumber : answer
    }

    private func compare(_ firstIn: Core, _ second: Core) -> NumberMatch {
        var first = firstIn
        if let one = first.phoneExtension, let other = second.phoneExtension, one != other { return .none }
        if first.callingCode != 0, second.callingCode != 0 {
            if first == second { return .exact }
            if first.callingCode == second.callingCode, Self.oneEndsTheOther(first, second) { return .shortNationalNumber }
            return .none
        }
        first.callingCode = second.callingCode
        if first == second { return .nationalNumber }
        return Self.oneEndsTheOther(first, second) ? .shortNationalNumber : .none
    }

    private static func oneEndsTheOther(_ first: Core, _ second: Core) -> Bool {
        first.national.hasSuffix(second.national) || second.national.hasSuffix(first.national)
    }

    /// `parse(text, region)`: a number with its calling code, or why not.
    private func core(_ text: String, region: String?) throws(ReadFailure) -> Core {
        do {
            let number = try read(text, region: region)
            return Core(callingCode: Int(number.callingCode) ?? 0, digits: number.nationalNumber,
                        phoneExtension: number.phoneExtension)
        } catch .noCountry, .unknownCallingCode, .unknownRegion {
            throw .noCallingCode
        } catch {
            throw .notANumber
        }
    }

    /// libphonenumber's `parseHelper` with no region and no region check: the digits as they are.
    private func bare(_ text: String) throws(ReadFailure) -> Core {
        guard let scanned = try? Self.scan(text), !scanned.international,
              (Self.minimumNationalDigits...Self.maximumNationalDigits).contains(scanned.digits.count)
        else { throw .notANumber }
        return Core(callingCode: 0, digits: scanned.digits.description, phoneExtension: scanned.phoneExtension)
    }
}
