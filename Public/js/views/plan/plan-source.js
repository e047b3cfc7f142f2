// What a pace plan is made on: a published route (GET /routes/ID/plan, anyone who sees it)
// or one of the runner's planned routes (GET /planned-routes/ID/plan). Both answer the same
// splits and checkpoints; they differ in where the route is read, where the plan's address
// and Follow lead, and the way back.
import { api } from '../../engine/api/paceline.js';

/**
 * The source named by the screen's address: `{routeId}` or `{plannedRouteId}`.
 * @returns {{route: () => Promise<{name: string, distanceMeters: number, averageElapsedSeconds?: number}>,
 *   plan: (goalSeconds: number, strategy: string) => Promise<object>, address: (goalSeconds: number, strategy: string) => string,
 *   follow: (plan: object) => string, back: string}}
 */
export function planSource({ routeId, plannedRouteId }) {
  const settings = (goal, strategy) => `goal=${goal}&strategy=${strategy}`;
  if (plannedRouteId) {
    return {
      route: async () => api.plannedRoute(plannedRouteId),
      plan: (goal, strategy) => api.plannedPacePlan(plannedRouteId, goal, strategy),
      address: (goal, strategy) => `#/planned/${plannedRouteId}/plan?${settings(goal, strategy)}`,
      // The recording screen follows it as a route's plan, with no route to join (views/recording.js).
      follow: (plan) => `#/record?planned=${plannedRouteId}&plan=${plan.goalSeconds}&strategy=${plan.strategy}`,
      back: `#/planned/${plannedRouteId}`,
    };
  }
  return {
    route: async () => (await api.route(routeId)).route,
    plan: (goal, strategy) => api.pacePlan(routeId, goal, strategy),
    address: (goal, strategy) => `#/routes/${routeId}/plan?${settings(goal, strategy)}`,
    follow: (plan) => `#/record?follow=${plan.routeId}&plan=${plan.goalSeconds}&strategy=${plan.strategy}`,
    back: `#/activity?route=${routeId}`,
  };
}
