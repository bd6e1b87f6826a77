import { planScene } from './providers/local/illustration/scene-plan';
import { FIDELITY_60 } from '../bench/fidelity-60';
FIDELITY_60.forEach((c, i) => { const p = planScene(c.sentence); console.log(i+1, c.sentence, '=>', p.subjects.map(s=>s.icon+(s.standsFor?'('+s.standsFor+')':'')+(s.relation?':'+s.relation:'')).join(', '), '|', p.setting, p.time, p.weather); });
