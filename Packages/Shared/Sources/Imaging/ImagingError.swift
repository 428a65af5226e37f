import ErrorReporting

/// Why an image could not be read or written.
public enum ImagingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not an image we recognise at all (HTML, text, an empty body...).
    case notAnImage
    /// The data ends before the image does.
    case truncated
    /// A real image in a format or variant we do not read (BMP, TIFF, 12-bit JPEG...).
    case unsupported(String)
    /// The header claims more pixels than `limit`: refused before anything was allocated.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// An animation with more frames, or more pixels in all its frames, than the limits allow:
    /// refused from its headers, before any frame is decoded (`frames` is at least the count).
    case animationTooLarge(frames: Int, frameLimit: Int)
    /// The data is damaged; the library's message says where.
    case corrupt(String)
    /// Encoding failed; the library's message says why.
    case encodingFailed(String)
    /// The library this picture needs is not installed (or too old): `reason` is the loader's.
    case libraryMissing(CodecLibrary, reason: String)

    /// A short English explanation for logs.
    public var description: String {
        switch self {
        case .notAnImage: "not an image"
        case .truncated: "the image data is truncated"
        case .unsupported(let what): "unsupported image: \(what)"
        case .tooLarge(let width, let height, let limit): "image too large: \(width)x\(height) exceeds \(limit) pixels"
        case .animationTooLarge(let frames, let limit):
            "animation too large: \(frames) frames or their pixels exceed the limits (\(limit) frames)"
        case .corrupt(let detail): "corrupt image: \(detail)"
        case .encodingFailed(let detail): "could not encode the image: \(detail)"
        case .libraryMissing(let library, let reason):
            "\(library.feature.english) needs \(library.packageList): apt-get install "
                + "\(library.packages.joined(separator: " ")) (\(reason))"
        }
    }
}

extension ImagingError: UserFacingErrorConvertible {
    /// Code `invalidImage`, with a message in English and Russian that names the reason; what to
    /// do about it is the command's to say.
    public var userFacingError: UserFacingError {
        UserFacingError(code: "invalidImage", message: message)
    }

    private var message: LocalizedText {
        switch self {
        case .notAnImage:
            LocalizedText(en: "The file is not an image", ru: "Файл не является изображением")
        case .truncated:
            LocalizedText(en: "The image is incomplete", ru: "Изображение загружено не полностью")
        case .unsupported(let what):
            LocalizedText(en: "Unsupported image format (\(what))", ru: "Неподдерживаемый формат изображения (\(what))")
        case .tooLarge(let width, let height, _):
            LocalizedText(
                en: "The image is too large (\(width)x\(height))",
                ru: "Изображение слишком большое (\(width)x\(height))"
            )
        case .animationTooLarge(let frames, _):
            LocalizedText(
                en: "The animation is too large (\(frames) frames)",
                ru: "Анимация слишком большая (кадров: \(frames))"
            )
        case .corrupt:
            LocalizedText(en: "The image is damaged", ru: "Изображение повреждено")
        case .encodingFailed:
            LocalizedText(en: "Could not create the image", ru: "Не удалось создать изображение")
        case .libraryMissing(let library, _):
            LocalizedText(
                en: "\(library.feature.english) needs \(library.packageList)",
                ru: "Для \(library.feature.russian) "
                    + (library.packages.count == 1 ? "нужен пакет " : "нужны пакеты ")
                    + library.packages.joined(separator: " и ")
            )
        }
    }
}
