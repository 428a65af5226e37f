/// The phrases the seeds ask for, in one place so every task says them the same way. They say
/// what happened; what to do about it (pull down, press `r`) is each task's own phrase.
public enum CommonPhrases {
    /// The offline banner.
    public static let noInternet = LocalizedText(
        en: "No internet connection",
        ru: "Нет соединения с Интернетом"
    )
    /// Shown inside a cell whose URL gives no picture.
    public static let imageUnavailable = LocalizedText(
        en: "Image at this URL is unavailable",
        ru: "Изображение по заданному URL недоступно"
    )
    /// Shown when the connection closed before the whole answer arrived.
    public static let connectionDropped = LocalizedText(
        en: "The connection dropped",
        ru: "Соединение оборвалось"
    )
    /// Shown when a load ran past its deadline.
    public static let tookTooLong = LocalizedText(
        en: "Took too long / the server is not responding",
        ru: "Слишком долгое ожидание / сервер не отвечает"
    )
}
