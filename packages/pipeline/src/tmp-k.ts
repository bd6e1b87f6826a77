import { nearestKind } from './providers/local/illustration/nearest-kind';
import { iconEntry } from './providers/local/illustration/emoji-icons';
console.log(nearestKind('knight', (k) => { console.log(k, !!iconEntry(k)); return iconEntry(k); }));
