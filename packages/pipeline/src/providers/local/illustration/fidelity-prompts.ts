/**
 * Forty prompts of the kinds creators write (people, animals, food, vehicles, places; indoor
 * and outdoor; night and day), each with the words for its main subject (`|` between
 * alternatives). The illustrator's record of what it drew names the subject when the icon of
 * its main subject contains one of them.
 * Used by the fidelity test and the contact sheet.
 */
export const FIDELITY_PROMPTS: readonly { prompt: string; subject: string }[] = [
  {
    prompt: 'a young woman with a red umbrella on a rainy Tokyo street at night',
    subject: 'woman',
  },
  { prompt: 'a grandmother bakes bread in a cosy kitchen', subject: 'old-woman' },
  { prompt: 'two dogs chase a ball across the park on a sunny afternoon', subject: 'dog' },
  { prompt: 'an astronaut floats above the glowing Earth in space', subject: 'astronaut' },
  { prompt: 'children build a snowman in a snowy village', subject: 'child' },
  { prompt: 'a fisherman rows his boat across a misty lake at dawn', subject: 'rowing-boat' },
  {
    prompt: 'a steaming bowl of ramen on a wooden table in a small restaurant',
    subject: 'steaming-bowl',
  },
  { prompt: 'a red sports car speeds down a city road at sunset', subject: 'car|automobile' },
  { prompt: 'a lion rests on a rock in the savanna', subject: 'lion' },
  { prompt: 'an old man reads a book by the fireplace', subject: 'old-man' },
  { prompt: 'a sailboat on a calm blue sea under a bright sky', subject: 'sailboat' },
  { prompt: 'a chef slices vegetables in a busy restaurant kitchen', subject: 'cook' },
  { prompt: 'a cat sleeps on a sofa in the living room', subject: 'cat' },
  { prompt: 'a rocket launches into the starry night sky', subject: 'rocket' },
  { prompt: 'a little girl plants tulips in the garden', subject: 'girl' },
  { prompt: 'a bus waits at a stop on a busy street in the morning', subject: 'bus' },
  { prompt: 'a whale swims through the deep blue ocean', subject: 'whale' },
  { prompt: 'a teacher explains maths at the blackboard in a classroom', subject: 'teacher' },
  { prompt: 'a birthday cake with candles on the kitchen table', subject: 'cake' },
  { prompt: 'a fox walks through the snowy forest at night', subject: 'fox' },
  { prompt: 'a businessman works on his laptop in a modern office', subject: 'man' },
  { prompt: 'a horse grazes in a green meadow beside a farm', subject: 'horse' },
  { prompt: 'a train crosses a bridge over a river in the mountains', subject: 'train' },
  { prompt: 'a cup of coffee and a croissant in a Paris café', subject: 'beverage' },
  { prompt: 'a guitarist plays on stage in front of a cheering crowd', subject: 'guitar' },
  { prompt: 'a penguin slides across the ice in Antarctica', subject: 'penguin' },
  { prompt: 'a family has a picnic with sandwiches in the park', subject: 'woman|man|child' },
  { prompt: 'a helicopter flies over the city skyline at dusk', subject: 'helicopter' },
  { prompt: 'a scientist looks through a microscope in a laboratory', subject: 'scientist' },
  { prompt: 'an owl sits on a branch under the full moon', subject: 'owl' },
  { prompt: 'a slice of pizza with melted cheese', subject: 'pizza' },
  { prompt: 'a camel walks across the desert dunes at sunrise', subject: 'camel' },
  { prompt: 'a boy rides his bicycle along a country road', subject: 'boy' },
  { prompt: 'a bee collects pollen from a sunflower', subject: 'bee' },
  { prompt: 'a tractor ploughs a wheat field in autumn', subject: 'tractor' },
  { prompt: 'a woman jogs along the beach at sunrise', subject: 'woman' },
  { prompt: 'a turtle swims over a colourful coral reef', subject: 'turtle' },
  { prompt: 'a bowl of fresh strawberries on a picnic blanket', subject: 'strawberr' },
  { prompt: 'a firefighter sprays water on a burning house', subject: 'firefighter' },
  { prompt: 'a dragon flies above a castle in a fantasy kingdom', subject: 'dragon' },
];
