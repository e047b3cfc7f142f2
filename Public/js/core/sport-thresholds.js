export const maximumSpeed = (sport) => sport === 'walk' ? 5 : 12.5;
