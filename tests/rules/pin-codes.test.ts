import { describe, expect, it } from 'vitest';
import { checkDestination, INDIAN_STATES, pinStateProblem, statesOfPin } from '../../rules/address.ts';

const inIndia = (state: string, zip_code: string) => checkDestination({ country: 'IN', state, zip_code });

describe('PIN codes against the state, by India Post circle', () => {
  it('refuses "Surat, Maharashtra, 395007", naming the state the PIN belongs to', () => {
    expect(inIndia('Maharashtra', '395007')).toEqual({
      ok: false,
      problem: { field: 'zip_code', message: 'PIN 395007 is in Gujarat, not Maharashtra. Please check the state or the PIN.' },
    });
    expect(inIndia('Gujarat', '395007')).toMatchObject({ ok: true, destination: { state: 'Gujarat', gstStateCode: '24' } });
    // The state as the shopper typed it, matched to the list's name first.
    expect(inIndia('gujarat', '395007').ok).toBe(true);
    expect(inIndia('maharashtra', '395007')).toMatchObject({ ok: false, problem: { message: 'PIN 395007 is in Gujarat, not Maharashtra. Please check the state or the PIN.' } });
  });

  it('takes the big cities in their own states', () => {
    const cities: [string, string][] = [
      ['Delhi', '110001'], ['Haryana', '122001'], ['Punjab', '141001'], ['Himachal Pradesh', '171001'], ['Jammu and Kashmir', '190001'],
      ['Uttar Pradesh', '226001'], ['Uttarakhand', '248001'], ['Rajasthan', '302001'], ['Gujarat', '380001'], ['Maharashtra', '400001'],
      ['Maharashtra', '411001'], ['Madhya Pradesh', '452001'], ['Chhattisgarh', '492001'], ['Telangana', '500001'], ['Andhra Pradesh', '520001'],
      ['Karnataka', '560001'], ['Tamil Nadu', '600001'], ['Kerala', '695001'], ['West Bengal', '700001'], ['Odisha', '751001'],
      ['Assam', '781001'], ['Bihar', '800001'], ['Jharkhand', '834001'],
    ];
    for (const [state, pin] of cities) expect(inIndia(state, pin), `${state} ${pin}`).toMatchObject({ ok: true });
  });

  it('tells the smaller state apart where it shares its circle: Goa 403, Sikkim 737, Andaman 744, the North East by three digits', () => {
    expect(inIndia('Goa', '403001').ok).toBe(true);
    expect(pinStateProblem('403001', 'Maharashtra')).toBe('PIN 403001 is in Goa, not Maharashtra. Please check the state or the PIN.');
    expect(pinStateProblem('400001', 'Goa')).toBe('PIN 400001 is in Maharashtra, not Goa. Please check the state or the PIN.');
    expect(inIndia('Sikkim', '737101').ok).toBe(true);
    expect(pinStateProblem('737101', 'West Bengal')).toBe('PIN 737101 is in Sikkim, not West Bengal. Please check the state or the PIN.');
    expect(inIndia('West Bengal', '734101').ok).toBe(true); // Darjeeling
    expect(inIndia('Andaman and Nicobar Islands', '744101').ok).toBe(true);
    expect(pinStateProblem('744101', 'West Bengal')).toBe('PIN 744101 is in Andaman and Nicobar Islands, not West Bengal. Please check the state or the PIN.');
    expect(pinStateProblem('700001', 'Andaman and Nicobar Islands')).toBe('PIN 700001 is in West Bengal, not Andaman and Nicobar Islands. Please check the state or the PIN.');
    const northEast: [string, string][] = [
      ['Arunachal Pradesh', '791111'], ['Meghalaya', '793001'], ['Meghalaya', '794001'], ['Manipur', '795001'], ['Mizoram', '796001'],
      ['Nagaland', '797112'], ['Nagaland', '798612'], ['Tripura', '799001'],
    ];
    for (const [state, pin] of northEast) expect(inIndia(state, pin), `${state} ${pin}`).toMatchObject({ ok: true });
    expect(pinStateProblem('799001', 'Assam')).toBe('PIN 799001 is in Tripura, not Assam. Please check the state or the PIN.');
    expect(pinStateProblem('781001', 'Tripura')).toBe('PIN 781001 is in Assam, not Tripura. Please check the state or the PIN.');
    expect(pinStateProblem('796001', 'Manipur')).toBe('PIN 796001 is in Mizoram, not Manipur. Please check the state or the PIN.');
  });

  it('takes either state where the post numbers both alike, and names both when neither is given', () => {
    // Chandigarh and Mohali (Punjab) share 160.
    expect(inIndia('Chandigarh', '160017').ok).toBe(true);
    expect(inIndia('Punjab', '160062').ok).toBe(true);
    expect(pinStateProblem('160017', 'Haryana')).toBe('PIN 160017 is in Chandigarh or Punjab, not Haryana. Please check the state or the PIN.');
    expect(pinStateProblem('141001', 'Chandigarh')).toBe('PIN 141001 is in Punjab, not Chandigarh. Please check the state or the PIN.');
    // Puducherry's four districts: Puducherry and Karaikal inside Tamil Nadu's range, Mahe inside Kerala's, Yanam inside Andhra Pradesh's.
    for (const pin of ['605001', '607402', '609602', '673310', '533464']) expect(inIndia('Puducherry', pin).ok, pin).toBe(true);
    expect(inIndia('Tamil Nadu', '605602').ok).toBe(true);
    expect(inIndia('Kerala', '673001').ok).toBe(true);
    expect(inIndia('Andhra Pradesh', '533001').ok).toBe(true);
    expect(pinStateProblem('600001', 'Puducherry')).toBe('PIN 600001 is in Tamil Nadu, not Puducherry. Please check the state or the PIN.');
    expect(pinStateProblem('605001', 'Kerala')).toBe('PIN 605001 is in Tamil Nadu or Puducherry, not Kerala. Please check the state or the PIN.');
    // Lakshadweep inside Kochi's 682.
    expect(inIndia('Lakshadweep', '682555').ok).toBe(true);
    expect(inIndia('Kerala', '682020').ok).toBe(true);
    expect(pinStateProblem('695001', 'Lakshadweep')).toBe('PIN 695001 is in Kerala, not Lakshadweep. Please check the state or the PIN.');
    // Daman, Diu and Dadra inside Gujarat's 396 and 362.
    expect(inIndia('Dadra and Nagar Haveli and Daman and Diu', '396230').ok).toBe(true);
    expect(inIndia('Dadra and Nagar Haveli and Daman and Diu', '362520').ok).toBe(true);
    expect(inIndia('Gujarat', '396001').ok).toBe(true);
    expect(pinStateProblem('380001', 'Dadra and Nagar Haveli and Daman and Diu')).toBe('PIN 380001 is in Gujarat, not Dadra and Nagar Haveli and Daman and Diu. Please check the state or the PIN.');
    // Ladakh, written as Jammu and Kashmir before 2019.
    expect(inIndia('Ladakh', '194101').ok).toBe(true);
    expect(inIndia('Jammu and Kashmir', '194101').ok).toBe(true);
    expect(pinStateProblem('190001', 'Ladakh')).toBe('PIN 190001 is in Jammu and Kashmir, not Ladakh. Please check the state or the PIN.');
    // Uttarakhand inside Uttar Pradesh's 24 and 26, not elsewhere.
    expect(inIndia('Uttarakhand', '263001').ok).toBe(true);
    expect(pinStateProblem('226001', 'Uttarakhand')).toBe('PIN 226001 is in Uttar Pradesh, not Uttarakhand. Please check the state or the PIN.');
    // Telangana and Andhra Pradesh: 50 is Telangana, but for the mandals moved to Andhra Pradesh (507).
    expect(pinStateProblem('500001', 'Andhra Pradesh')).toBe('PIN 500001 is in Telangana, not Andhra Pradesh. Please check the state or the PIN.');
    expect(inIndia('Andhra Pradesh', '507120').ok).toBe(true);
    expect(pinStateProblem('520001', 'Telangana')).toBe('PIN 520001 is in Andhra Pradesh, not Telangana. Please check the state or the PIN.');
    // Bihar and Jharkhand share 81-83; 80, 84 and 85 are Bihar's alone.
    expect(inIndia('Bihar', '811201').ok).toBe(true);
    expect(inIndia('Jharkhand', '826001').ok).toBe(true);
    expect(pinStateProblem('800001', 'Jharkhand')).toBe('PIN 800001 is in Bihar, not Jharkhand. Please check the state or the PIN.');
    expect(pinStateProblem('834001', 'West Bengal')).toBe('PIN 834001 is in Bihar or Jharkhand, not West Bengal. Please check the state or the PIN.');
  });

  it('refuses a PIN no post office has, and leaves the Army Postal Service (in no state) alone', () => {
    for (const pin of ['350001', '540001', '650001', '860001', '100001', '290001']) {
      expect(inIndia('Gujarat', pin), pin).toEqual({ ok: false, problem: { field: 'zip_code', message: `PIN ${pin} is not a PIN code in use in India. Please check the PIN.` } });
    }
    expect(statesOfPin('901234')).toBeNull();
    expect(inIndia('Punjab', '901234').ok).toBe(true);
  });

  it('names only states of the list, and gives every state and union territory a circle', () => {
    const names = new Set(INDIAN_STATES.map((s) => s.name));
    const covered = new Set<string>();
    for (let prefix = 100; prefix <= 899; prefix++) {
      for (const state of statesOfPin(`${prefix}000`) ?? []) {
        expect(names.has(state), state).toBe(true);
        covered.add(state);
      }
    }
    expect([...names].filter((name) => !covered.has(name))).toEqual([]);
  });
});
