import { describe, expect, it } from 'vitest';
import { cardinal, ordinal, speakableText, yearWords } from './speech-text';

describe('text as a person reads it aloud', () => {
  it('reads years as years, not as cardinals', () => {
    expect(yearWords(1879)).toBe('eighteen seventy-nine');
    expect(yearWords(2005)).toBe('two thousand five');
    expect(yearWords(1900)).toBe('nineteen hundred');
    expect(yearWords(1905)).toBe('nineteen oh five');
    expect(yearWords(2000)).toBe('two thousand');
    expect(yearWords(2024)).toBe('twenty twenty-four');
    expect(yearWords(1066)).toBe('ten sixty-six');
    expect(speakableText('Einstein was born in 1879.')).toBe(
      'Einstein was born in eighteen seventy-nine.',
    );
    expect(speakableText('The war lasted from 1914–1918.')).toBe(
      'The war lasted from nineteen fourteen to nineteen eighteen.',
    );
  });

  it('reads numbers, ordinals and decimals', () => {
    expect(cardinal(1_200_345)).toBe('one million two hundred thousand three hundred forty-five');
    expect(ordinal(1)).toBe('first');
    expect(ordinal(22)).toBe('twenty-second');
    expect(ordinal(40)).toBe('fortieth');
    expect(ordinal(112)).toBe('one hundred twelfth');
    expect(speakableText('She came 3rd of 12,500 runners.')).toBe(
      'She came third of twelve thousand five hundred runners.',
    );
    expect(speakableText('Pi is about 3.14.')).toBe('Pi is about three point one four.');
    expect(speakableText('It fell to -4 overnight.')).toBe('It fell to minus four overnight.');
  });

  it('reads dates', () => {
    expect(speakableText('On March 14, 1879 he was born.')).toBe(
      'On March fourteenth, eighteen seventy-nine he was born.',
    );
    expect(speakableText('It opened on 4 July 1776.')).toBe(
      'It opened on the fourth of July seventeen seventy-six.',
    );
    expect(speakableText('Due 2021-03-09.')).toBe('Due March ninth, twenty twenty-one.');
    expect(speakableText('By Sept. 2001 it was over.')).toBe(
      'By September two thousand one it was over.',
    );
  });

  it('reads currencies, percentages and units', () => {
    expect(speakableText('It cost $3.50 today.')).toBe(
      'It cost three dollars and fifty cents today.',
    );
    expect(speakableText('A $1 coin and £20.')).toBe('A one dollar coin and twenty pounds.');
    expect(speakableText('They raised $1.5 million.')).toBe(
      'They raised one point five million dollars.',
    );
    expect(speakableText('Sales grew 45% and then 2.5 %.')).toBe(
      'Sales grew forty-five percent and then two point five percent.',
    );
    expect(speakableText('A 5 km run at 20°C, then 1 kg of rice.')).toBe(
      'A five kilometres run at twenty degrees Celsius, then one kilogram of rice.',
    );
    expect(speakableText('Trains reach 300 km/h.')).toBe(
      'Trains reach three hundred kilometres per hour.',
    );
  });

  it('reads decades, times and abbreviations', () => {
    expect(speakableText('Music of the 1990s and the 80s.')).toBe(
      'Music of the nineteen nineties and the eighties.',
    );
    expect(speakableText("The 1800s and the '60s.")).toBe('The eighteen hundreds and the sixties.');
    expect(speakableText('Meet Dr. Smith at 3:30 pm.')).toBe(
      'Meet Doctor Smith at three thirty P M.',
    );
    expect(speakableText('Fruit, e.g. apples, etc.')).toBe('Fruit, for example apples, et cetera');
    expect(speakableText('Mr. Jones lives on Baker St. near St. Paul.')).toBe(
      'Mister Jones lives on Baker Street near Saint Paul.',
    );
  });

  it('leaves text without numbers or abbreviations as it is', () => {
    const plain = 'The river flows past the quiet little village.';
    expect(speakableText(plain)).toBe(plain);
    expect(speakableText(speakableText('In 1914, 45% of them.'))).toBe(
      speakableText('In 1914, 45% of them.'),
    );
  });
});
