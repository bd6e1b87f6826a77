import { describe, expect, it } from 'vitest';
import { topicInFirstPerson, vlogScript } from './vlog-script';

describe('topicInFirstPerson', () => {
  it.each([
    ['@Mia is baking bread in her kitchen', 'I am baking bread in my kitchen'],
    ['@Mia bakes cookies for @Leo.', 'I bake cookies for Leo'],
    ['@Mia tries surfing and watches the sunset', 'I try surfing and watches the sunset'],
    ["@Mia's dog goes to the park with @Mia", 'my dog goes to the park with me'],
    ['@Mia has a picnic', 'I have a picnic'],
    ['Sunday with @Mia at the beach', 'Sunday with me at the beach'],
  ])('%s -> %s', (topic, told) => {
    expect(topicInFirstPerson(topic, 'Mia', ['Leo'])).toBe(told);
  });
});

describe('vlogScript', () => {
  it('is told by the character, opens and closes the vlog and keeps the topic', () => {
    const script = vlogScript({ topic: '@Mia is baking bread in her kitchen', name: 'Mia' });
    expect(script.startsWith("Hi, I'm Mia, and welcome to my vlog!")).toBe(true);
    expect(script).toContain('Today I am baking bread in my kitchen.');
    expect(script).toContain('Now I am baking bread in my kitchen');
    expect(script).not.toMatch(/@|\bher\b|\bMia is\b/);
    expect(script.endsWith('see you in the next vlog!')).toBe(true);
  });

  it('is the same for the same topic', () => {
    const input = { topic: '@Pip explores the old castle', name: 'Pip' };
    expect(vlogScript(input)).toBe(vlogScript(input));
    expect(vlogScript(input)).toContain('Today I explore the old castle.');
  });
});
