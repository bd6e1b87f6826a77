/**
 * Sixty shot sentences written for the illustrator's fidelity review (not the set its words
 * were tuned on): each with what a reader takes from it, the subject, the setting and the
 * objects a picture must show. The parser's unit test checks these words; the contact sheets
 * (`npm run sheet:fidelity`) are reviewed picture by picture and scored in
 * docs/illustrator-fidelity-60.md.
 */
import type { Setting } from '../src/providers/local/illustration/scene-words';

export interface FidelityCase {
  sentence: string;
  subject: string;
  setting?: Setting;
  objects?: string[];
  time?: 'night' | 'dusk' | 'dawn';
}

export const FIDELITY_60: readonly FidelityCase[] = [
  {
    sentence: 'A lighthouse stands on a rocky cliff at night.',
    subject: 'lighthouse',
    setting: 'mountains',
    time: 'night',
  },
  { sentence: 'A snowman waves from a snowy field.', subject: 'snowman', setting: 'countryside' },
  {
    sentence: 'A submarine glides through the deep sea.',
    subject: 'submarine',
    setting: 'underwater',
  },
  {
    sentence: 'A pirate ship sails across the stormy sea.',
    subject: 'pirate-ship',
    setting: 'sea',
  },
  { sentence: 'An old stone bridge crosses the river.', subject: 'bridge', setting: 'lake' },
  {
    sentence: 'The mechanic repairs a car engine in the garage.',
    subject: 'mechanic',
    objects: ['engine'],
  },
  {
    sentence: 'A red fire engine races down the street.',
    subject: 'fire-engine',
    setting: 'street',
  },
  {
    sentence: 'A hot air balloon drifts over the valley at sunrise.',
    subject: 'hot-air-balloon',
    setting: 'mountains',
    time: 'dawn',
  },
  { sentence: 'A violinist plays on an empty street.', subject: 'violinist', setting: 'street' },
  {
    sentence: 'A dog catches a frisbee in the park.',
    subject: 'dog',
    setting: 'park',
    objects: ['frisbee'],
  },
  {
    sentence: 'A panda eats bamboo in the forest.',
    subject: 'panda',
    setting: 'forest',
    objects: ['bamboo'],
  },
  {
    sentence: 'A drummer plays the drums on stage.',
    subject: 'drummer',
    setting: 'stage',
    objects: ['drum'],
  },
  {
    sentence: 'A doctor examines a child in the clinic.',
    subject: 'doctor',
    setting: 'lab',
    objects: ['child'],
  },
  {
    sentence: 'A whale swims beside a small boat on the ocean.',
    subject: 'whale',
    setting: 'sea',
    objects: ['boat'],
  },
  { sentence: 'A cat sleeps under the kitchen table.', subject: 'cat', setting: 'kitchen' },
  {
    sentence: 'A boy rides his bicycle along the beach.',
    subject: 'boy',
    setting: 'beach',
    objects: ['bicycle'],
  },
  { sentence: 'Two horses graze in a green meadow.', subject: 'horse', setting: 'countryside' },
  {
    sentence: 'A farmer drives a tractor across the field.',
    subject: 'farmer',
    setting: 'countryside',
    objects: ['tractor'],
  },
  { sentence: 'A girl reads a book under a tree.', subject: 'girl', objects: ['book', 'tree'] },
  {
    sentence: 'An owl sits on a branch in the moonlit forest.',
    subject: 'owl',
    setting: 'forest',
    time: 'night',
    objects: ['branch'],
  },
  {
    sentence: 'A teacher writes on the blackboard in the classroom.',
    subject: 'teacher',
    setting: 'classroom',
  },
  {
    sentence: 'A baker pulls fresh bread from the oven.',
    subject: 'baker',
    setting: 'kitchen',
    objects: ['bread'],
  },
  {
    sentence: 'A scientist looks through a microscope in the lab.',
    subject: 'scientist',
    setting: 'lab',
    objects: ['microscope'],
  },
  { sentence: 'A penguin slides across the ice.', subject: 'penguin', setting: 'snowfield' },
  {
    sentence: 'A camel walks through the desert at sunset.',
    subject: 'camel',
    setting: 'desert',
    time: 'dusk',
  },
  {
    sentence: 'A train crosses a bridge in the mountains.',
    subject: 'train',
    setting: 'mountains',
    objects: ['bridge'],
  },
  {
    sentence: 'A helicopter flies over the city at night.',
    subject: 'helicopter',
    setting: 'city',
    time: 'night',
  },
  {
    sentence: 'An astronaut plants a flag on the moon.',
    subject: 'astronaut',
    objects: ['flag', 'moon'],
  },
  { sentence: 'A turtle swims over a coral reef.', subject: 'turtle', setting: 'underwater' },
  {
    sentence: 'A fox hides in the tall grass of the meadow.',
    subject: 'fox',
    setting: 'countryside',
  },
  {
    sentence: 'A woman drinks coffee in a quiet cafe.',
    subject: 'woman',
    setting: 'cafe',
    objects: ['coffee'],
  },
  {
    sentence: 'A man types on a laptop in the office.',
    subject: 'man',
    setting: 'office',
    objects: ['laptop'],
  },
  {
    sentence: 'A robot waters the plants in the garden.',
    subject: 'robot',
    setting: 'park',
    objects: ['plant'],
  },
  { sentence: 'Three ducks swim on the pond.', subject: 'duck', setting: 'lake' },
  {
    sentence: 'A knight rides a horse toward the castle.',
    subject: 'knight',
    objects: ['horse', 'castle'],
  },
  { sentence: 'A dragon flies above the mountains.', subject: 'dragon', setting: 'mountains' },
  {
    sentence: 'A bee lands on a sunflower in the garden.',
    subject: 'bee',
    setting: 'park',
    objects: ['sunflower'],
  },
  {
    sentence: 'A grandfather tells a story by the campfire.',
    subject: 'grandfather',
    objects: ['campfire'],
  },
  {
    sentence: 'A girl plays the piano in the living room.',
    subject: 'girl',
    setting: 'room',
    objects: ['piano'],
  },
  { sentence: 'A family eats dinner at the table.', subject: 'family', objects: ['dinner'] },
  { sentence: 'A surfer rides a huge wave.', subject: 'surfer', setting: 'sea' },
  {
    sentence: 'A deer drinks from a stream in the woods.',
    subject: 'deer',
    setting: 'forest',
  },
  { sentence: 'A police car waits at the crossroads.', subject: 'police-car' },
  { sentence: 'A kite flies high above the beach.', subject: 'kite', setting: 'beach' },
  { sentence: 'A tiger walks through the jungle.', subject: 'tiger', setting: 'forest' },
  {
    sentence: 'A chef tastes the soup in the kitchen.',
    subject: 'chef',
    setting: 'kitchen',
    objects: ['soup'],
  },
  {
    sentence: 'A pilot checks the airplane before the flight.',
    subject: 'pilot',
    objects: ['airplane'],
  },
  { sentence: 'A squirrel gathers acorns in autumn.', subject: 'squirrel', objects: ['acorn'] },
  { sentence: 'A woman paints a portrait in her studio.', subject: 'woman', objects: ['portrait'] },
  { sentence: 'A bus stops at the station in the rain.', subject: 'bus', objects: ['station'] },
  { sentence: 'A child holds a balloon at the fair.', subject: 'child', objects: ['balloon'] },
  {
    sentence: 'A fisherman catches a fish on the lake.',
    subject: 'fisherman',
    setting: 'lake',
    objects: ['fish'],
  },
  {
    sentence: 'A canoe floats on a calm river at dawn.',
    subject: 'canoe',
    setting: 'lake',
    time: 'dawn',
  },
  { sentence: 'A windmill turns on the hill.', subject: 'windmill', setting: 'mountains' },
  {
    sentence: 'An octopus hides among the rocks on the seabed.',
    subject: 'octopus',
    setting: 'underwater',
    objects: ['rock'],
  },
  { sentence: 'A skier races down the snowy slope.', subject: 'skier' },
  {
    sentence: 'A nurse carries a tray of medicine through the hospital.',
    subject: 'nurse',
    setting: 'lab',
    objects: ['tray'],
  },
  {
    sentence: "A parrot sits on the pirate captain's shoulder.",
    subject: 'parrot',
    objects: ['shoulder'],
  },
  {
    sentence: 'Two friends share a pizza on the rooftop.',
    subject: 'friend',
    setting: 'city',
    objects: ['pizza'],
  },
  {
    sentence: 'A guitarist sings under the street lamp at night.',
    subject: 'guitarist',
    setting: 'street',
    time: 'night',
    objects: ['street-lamp'],
  },
  { sentence: 'A rabbit hops across the lawn in the morning.', subject: 'rabbit', setting: 'park' },
  {
    sentence: 'A tent glows in the dark forest at night.',
    subject: 'tent',
    setting: 'forest',
    time: 'night',
  },
];
