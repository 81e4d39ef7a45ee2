/// A note's date as the instant it names, for comparing dates written in different time zones:
/// `2024-01-05T23:30:00-05:00` is later than `2024-01-06T01:00:00Z`. A date without a time is
/// its midnight, a time without a zone is taken as UTC (as the feed writes it).
enum DateInstant {
    /// `date` (as `ISODate` accepts it) as text that sorts in time order: the UTC date and time,
    /// `YYYY-MM-DDThh:mm[:ss[.fraction]]`; nil for text too short to be a date.
    static func sortable(_ date: String) -> String? {
        let count = date.utf8.count
        guard count >= 10 else { return nil }
        // Nearly every date: a day alone.
        if count == 10 { return date + "T00:00:00" }
        let bytes = Array(date.utf8)
        guard bytes.count >= 16, let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2)
        else { return date.replacingOccurrences(of: " ", with: "T") }
        // The zone: `Z`, `±hh:mm`, `±hhmm` or `±hh` at the end; what is between the minutes and it
        // (seconds, a fraction) is kept as written.
        var end = bytes.count
        var offset = 0
        if bytes[end - 1] == UInt8(ascii: "Z") || bytes[end - 1] == UInt8(ascii: "z") {
            end -= 1
        } else if let sign = bytes[16...].lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) {
            let digits = bytes[(sign + 1)...].filter { $0 != UInt8(ascii: ":") }
            guard let hours = number(Array(digits), 0, 2) else { return nil }
            let minutes = digits.count >= 4 ? number(Array(digits), 2, 2) ?? 0 : 0
            offset = (hours * 60 + minutes) * (bytes[sign] == UInt8(ascii: "-") ? -1 : 1)
            end = sign
        }
        let rest = String(decoding: bytes[16..<end], as: UTF8.self)
        // Local time less the offset, in minutes from 1970.
        let total = days(year: year, month: month, day: day) * 1440 + hour * 60 + minute - offset
        let (dayCount, minuteOfDay) = (total.floorDivided(by: 1440), total.floorModulo(1440))
        let (y, m, d) = civil(days: dayCount)
        return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) + "T" + pad(minuteOfDay / 60, 2) + ":" + pad(minuteOfDay % 60, 2) + rest
    }

    private static func number(_ bytes: [UInt8], _ at: Int, _ width: Int) -> Int? {
        guard at + width <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[at..<(at + width)] {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    private static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int {
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    fileprivate func floorModulo(_ divisor: Int) -> Int {
        self - floorDivided(by: divisor) * divisor
    }
}
