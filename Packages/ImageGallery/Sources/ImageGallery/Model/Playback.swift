import Imaging

/// Names one playback of one cell's animation, so a frame sent by a playback that was stopped
/// is recognised and dropped.
public struct PlaybackID: Sendable, Hashable, CustomStringConvertible {
    /// The cell whose picture plays.
    let itemID: ItemID
    /// Increases with every playback the model starts.
    public let generation: Int

    public var description: String { "\(itemID)▸\(generation)" }
}

/// A playback the model asks for: the frames of `animation` after the first (which the cell shows
/// already), scaled to the cell, each sent when the one before has had its delay.
public struct PlaybackRequest: Sendable, Hashable {
    /// Identifies the playback in the frames it sends.
    public let id: PlaybackID
    /// The file to play.
    public let animation: AnimatedImage
    /// The cell's pixel size; frames are scaled to fit it.
    public let targetSize: PixelSize
    /// The bytes a loop's frames may take to be kept after the first play (see ``FrameSource``).
    public var keptLimit = FrameSource.screenKeptLimit
}

extension GalleryState {
    /// Plays the animated pictures of the cells on screen and stops every other playback: a cell
    /// that scrolled away, was removed, is reloading (a refresh), or a run with animation off.
    mutating func reconcilePlayback(effects: inout [GalleryEffect]) {
        var wanted: [ItemID: AnimatedImage] = [:]
        if configuration.animates {
            for index in visibleRange {
                let item = items[index]
                guard item.id != removal?.itemID, !item.isReloading, let animation = item.status.picture?.animation
                else { continue }
                wanted[item.id] = animation
            }
        }
        for (itemID, playback) in playing.sorted(by: { $0.value.generation < $1.value.generation })
        where wanted[itemID] == nil {
            playing[itemID] = nil
            effects.append(.stopPlaying(playback))
        }
        for (itemID, animation) in wanted.sorted(by: { $0.key < $1.key }) where playing[itemID] == nil {
            lastGeneration += 1
            let playback = PlaybackID(itemID: itemID, generation: lastGeneration)
            playing[itemID] = playback
            effects.append(.play(PlaybackRequest(id: playback, animation: animation, targetSize: layout.cellPixelSize,
                                                 keptLimit: configuration.keptFrameBytes)))
        }
    }

    /// Shows a frame a playback sent, when that playback still runs.
    mutating func showFrame(_ bitmap: Bitmap, of playback: PlaybackID) {
        guard playing[playback.itemID] == playback,
              let index = items.firstIndex(where: { $0.id == playback.itemID }),
              case .loaded(var picture) = items[index].status
        else { return }
        picture.bitmap = bitmap
        items[index].status = .loaded(picture)
    }
}
