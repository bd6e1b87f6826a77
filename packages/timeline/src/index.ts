// Model and rules
export * from './frames';
export * from './refusal';
export * from './timeline-lookup';
export * from './track-category';
export * from './track-rules';
export * from './item-duration';
export * from './gaps';
export * from './selection';
export * from './invariants';
export * from './shot-links';
export * from './free-range';

// Commands
export * from './commit-tracks';
export * from './asset-item';
export * from './drop-mode';
export * from './drag-payload';
export * from './insert-asset';
export * from './move-items';
export * from './trim-item';
export * from './change-speed';
export * from './change-volume';
export * from './set-fade';
export * from './image-duration';
export * from './delete-items';
export * from './media-assets';
export * from './caption-tracks';
export * from './group-items';
export * from './split-item';
export * from './caption-links';
export * from './story-size';

// Timeline and storyboard
export * from './shot-changes';
export * from './lexorank';
export * from './storyboard';
export * from './build-timeline';
export * from './shot-media';

// History and sync
export * from './history';
export * from './sync-machine';
export * from './sync-payload';

// Loading
export * from './load-timeline';
// View maths
export * from './zoom';
export * from './ruler-ticks';
export * from './timeline-height';
