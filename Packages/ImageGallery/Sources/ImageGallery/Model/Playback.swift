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
    /// that scrolled away, was removed, is reloading (a refresh), or a run with animation off. A
    /// screen that plays animations itself is sent none of their frames.
    /// A screen that plays animations itself does so only for loops whose frames at the cell's size
    /// fit this many bytes: it is asked to hold them all (kitty keeps 320 MB of pictures, and their
    /// frames beside), and they are made in one go. What is written is each frame's change from
    /// the one before, usually a small part of this. Larger loops are played from here.
    static let screenPlayedLimit = 4 * FrameSource.screenKeptLimit

    /// The animation the screen plays itself in the cell of item `index`, nil when it shows a still
    /// there (a still picture, `--no-animation`, a cell sliding away or reloading, or an animation
    /// the model plays by sending frames).
    public func animationPlayedByScreen(at index: Int) -> AnimatedImage? {
        guard layout.screenPlaysAnimations, visibleRange.contains(index),
              let animation = animationThatPlays(items[index]), screenPlays(animation) else { return nil }
        return animation
    }

    /// The animation of `item` when it is to play now: animation on, the cell neither sliding away
    /// nor reloading.
    private func animationThatPlays(_ item: GalleryItem) -> AnimatedImage? {
        guard configuration.animates, item.id != removal?.itemID, !item.isReloading else { return nil }
        return item.status.picture?.animation
    }

    private func screenPlays(_ animation: AnimatedImage) -> Bool {
        layout.screenPlaysAnimations
            && animation.playByteCount(fitting: layout.cellPixelSize) <= Self.screenPlayedLimit
    }

    mutating func reconcilePlayback(effects: inout [GalleryEffect]) {
        var wanted: [ItemID: AnimatedImage] = [:]
        for index in visibleRange {
            let item = items[index]
            guard let animation = animationThatPlays(item), !screenPlays(animation) else { continue }
            wanted[item.id] = animation
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
